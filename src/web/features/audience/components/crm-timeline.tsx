import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowRightLeft,
  Mail,
  Merge,
  MessageCircle,
  MessageSquare,
  StickyNote,
  Tag,
  Upload,
  UserRound,
} from 'lucide-react';
import { Link } from 'react-router';
import type { TimelineEntry } from '#shared/contracts/crm.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { STAGE_LABELS } from '../lib/fields.ts';
import { PLATFORM_NAMES, threadUrl } from '../lib/format.ts';
import { crmKeys, useCrmUser, useTimeline } from '../api/use-crm-queries.ts';

// A contact's timeline (the CRM add-on, docs/decisions/099-crm.md): what the person wrote, the
// notes, and what was done to the contact — stage, owner and tag changes, imports, merges and
// e-mails — newest first, with "Load more". It is read again whenever the contact changes.

const who = (entry: { actor: { name: string } | null }) => entry.actor?.name ?? 'The system';

function describe(entry: TimelineEntry): { icon: ReactNode; text: ReactNode } {
  const icon = (Icon: typeof Tag) => <Icon aria-hidden className="size-4" />;
  switch (entry.kind) {
    case 'interaction':
      return {
        icon: icon(entry.itemKind === 'comment' ? MessageCircle : MessageSquare),
        text: (
          <Link
            to={threadUrl({ id: entry.threadId, kind: entry.itemKind })}
            className="grid gap-0.5 hover:underline"
          >
            <span className="text-muted-foreground">
              {entry.itemKind === 'comment' ? 'Commented' : 'Wrote a message'} on{' '}
              {PLATFORM_NAMES[entry.platform]}
            </span>
            <span className="line-clamp-3 break-words">
              {entry.preview ? `“${entry.preview}”` : 'No text'}
            </span>
          </Link>
        ),
      };
    case 'note':
      return {
        icon: icon(StickyNote),
        text: (
          <span className="grid gap-0.5">
            <span className="text-muted-foreground">
              {entry.note.author?.name ?? 'A former member'} added a note
            </span>
            <span className="line-clamp-4 break-words whitespace-pre-wrap">{entry.note.body}</span>
          </span>
        ),
      };
    case 'stage':
      return {
        icon: icon(ArrowRightLeft),
        text: `${who(entry)} moved them from ${STAGE_LABELS[entry.from]} to ${STAGE_LABELS[entry.to]}`,
      };
    case 'owner':
      return {
        icon: icon(UserRound),
        text: entry.to
          ? `${who(entry)} made ${entry.to.name} their owner`
          : `${who(entry)} removed ${entry.from?.name ?? 'the'} owner`,
      };
    case 'tags': {
      const parts = [
        entry.added.length ? `added ${entry.added.join(', ')}` : '',
        entry.removed.length ? `removed ${entry.removed.join(', ')}` : '',
      ].filter(Boolean);
      return { icon: icon(Tag), text: `${who(entry)} ${parts.join(' and ')} as tags` };
    }
    case 'import':
      return {
        icon: icon(Upload),
        text: `Imported${entry.source ? ` from ${entry.source}` : ''}`,
      };
    case 'merge':
      return { icon: icon(Merge), text: `${who(entry)} merged ${entry.otherName} into them` };
    case 'email':
      return {
        icon: icon(Mail),
        text: `E-mail “${entry.campaignName}”: ${entry.status}`,
      };
  }
}

export function Timeline({
  contactId,
  contactUpdatedAt,
  timeZone,
}: {
  contactId: string;
  /** The timeline is read again when the contact changes (a stage, tags, an owner). */
  contactUpdatedAt: string;
  timeZone: string;
}) {
  const timeline = useTimeline(contactId);
  const client = useQueryClient();
  const userId = useCrmUser();
  const seen = useRef(contactUpdatedAt);
  useEffect(() => {
    if (seen.current === contactUpdatedAt) return;
    seen.current = contactUpdatedAt;
    void client.invalidateQueries({ queryKey: crmKeys.timeline(userId, contactId) });
  }, [client, userId, contactId, contactUpdatedAt]);

  if (timeline.isError && !timeline.data) {
    return (
      <LoadError
        title="The timeline could not be loaded"
        error={timeline.error}
        retrying={timeline.isFetching}
        onRetry={timeline.refetch}
      />
    );
  }
  if (!timeline.data) {
    return <LoadingRows label="Loading the timeline" rows={3} rowClassName="h-12 w-full" />;
  }
  const entries = timeline.data.pages.flatMap((p) => p.items);
  if (entries.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing has happened with them yet.</p>;
  }
  return (
    <div className="grid gap-3">
      <ol aria-label="Timeline" className="grid">
        {entries.map((entry, n) => {
          const { icon, text } = describe(entry);
          return (
            <li key={`${entry.kind}-${entry.id}`} className="relative flex gap-3 pb-4">
              {n < entries.length - 1 ? (
                <span aria-hidden className="absolute top-8 bottom-0 left-4 w-px bg-border" />
              ) : null}
              <span className="z-10 grid size-8 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
                {icon}
              </span>
              <div className="grid min-w-0 gap-0.5 pt-1 text-sm">
                {text}
                <time dateTime={entry.at} className="text-xs text-muted-foreground">
                  {formatDateTime(new Date(entry.at), timeZone)}
                </time>
              </div>
            </li>
          );
        })}
      </ol>
      {timeline.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-start"
          loading={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
