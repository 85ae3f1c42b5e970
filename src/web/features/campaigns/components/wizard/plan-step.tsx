import { useEffect, useMemo, useState } from 'react';
import { ListPlus, Plus, RefreshCw, Sparkles, Trash2, Pencil } from 'lucide-react';
import type { Campaign, CampaignPost } from '#shared/contracts/campaigns.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { useConnections } from '../../../platforms/index.ts';
import { byWeek, weekTitle } from '../../lib/weeks.ts';
import { PlanNotices } from './plan-notices.tsx';
import { PlanPostCard } from './plan-post-card.tsx';
import { PostDialog } from './post-dialog.tsx';
import { usePostChanges } from './use-post-changes.ts';

// Step 3: the plan of posts, by week. "Plan my posts" asks the planner for every post from the
// brief and the cadence; each post can then be edited, written again, removed, or added by hand.

type DialogState = { open: false } | { open: true; post: CampaignPost | null };

export function PlanStep({
  campaign,
  timeZone,
  focusPost,
  locked,
  onConflict,
}: {
  campaign: Campaign;
  timeZone: string;
  focusPost: string | null;
  /** A conflict is on screen: nothing more is sent until Reload. */
  locked: boolean;
  onConflict(): void;
}) {
  const changes = usePostChanges(campaign, onConflict);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const connections = useConnections();
  const accounts = useMemo(
    () =>
      (connections.data ?? [])
        .filter((c) => campaign.connectionIds.includes(c.id))
        .map((c) => ({ id: c.id, label: accountLabel(c) })),
    [connections.data, campaign.connectionIds],
  );
  const weeks = useMemo(() => byWeek(campaign.posts, timeZone), [campaign.posts, timeZone]);
  const busy = locked || changes.planning || changes.changing;

  useEffect(() => {
    if (focusPost)
      document.getElementById(`post-${focusPost}`)?.scrollIntoView?.({ block: 'center' });
  }, [focusPost]);

  async function save(post: Parameters<Parameters<typeof PostDialog>[0]['onSave']>[0]) {
    const done =
      dialog.open && dialog.post
        ? await changes.apply({ kind: 'update', key: dialog.post.key, changes: post })
        : await changes.apply({ kind: 'add', post });
    if (done) setDialog({ open: false });
  }

  const hasPosts = campaign.posts.length > 0;
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {hasPosts
            ? `${campaign.posts.length} posts planned. Planning again replaces them all.`
            : 'The planner writes every post from your goal, dates, accounts and cadence.'}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant={hasPosts ? 'outline' : 'default'}
            loading={changes.planning}
            disabled={busy}
            onClick={() => void changes.replan()}
          >
            <Sparkles aria-hidden className="size-4" />
            {hasPosts ? 'Plan again' : 'Plan my posts'}
          </Button>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => setDialog({ open: true, post: null })}
          >
            <Plus aria-hidden className="size-4" />
            Add a post
          </Button>
        </div>
      </div>
      <PlanNotices
        planSource={campaign.planSource}
        notices={changes.notices}
        problems={changes.problems}
      />
      {changes.error && !dialog.open ? <Alert variant="destructive">{changes.error}</Alert> : null}
      {!hasPosts ? (
        <EmptyState
          icon={ListPlus}
          title="No posts planned yet"
          description="Press “Plan my posts” to get a plan to edit, or add posts by hand."
        />
      ) : (
        weeks.map((week) => (
          <section key={week.key} aria-labelledby={`week-${week.key}`} className="grid gap-2">
            <h3 id={`week-${week.key}`} className="text-sm font-semibold">
              {weekTitle(week.start)}
            </h3>
            <ul className="grid gap-2">
              {week.posts.map((post) => (
                <PlanPostCard
                  key={post.key}
                  post={post}
                  timeZone={timeZone}
                  highlighted={post.key === focusPost}
                  actions={
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        onClick={() => setDialog({ open: true, post })}
                      >
                        <Pencil aria-hidden className="size-3.5" />
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        loading={changes.changingKey === post.key && changes.changing}
                        onClick={() => void changes.apply({ kind: 'regenerate', key: post.key })}
                      >
                        <RefreshCw aria-hidden className="size-3.5" />
                        Write again
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={busy}
                        onClick={() => void changes.apply({ kind: 'remove', key: post.key })}
                      >
                        <Trash2 aria-hidden className="size-3.5" />
                        Remove
                      </Button>
                    </>
                  }
                />
              ))}
            </ul>
          </section>
        ))
      )}
      <PostDialog
        open={dialog.open}
        post={dialog.open ? dialog.post : null}
        accounts={accounts}
        defaultDate={campaign.startsOn ?? ''}
        timeZone={timeZone}
        pending={changes.changing}
        error={changes.error}
        onSave={(post) => void save(post)}
        onClose={() => setDialog({ open: false })}
      />
    </div>
  );
}
