import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CalendarDays, History, PanelsTopLeft, RotateCcw, Search } from 'lucide-react';
import type { Generation } from '#shared/contracts/ai-content.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAiHistory } from '../api/ai-content-api.ts';
import { PLATFORM_LABELS, labelOf } from './generate-form.tsx';
import { calendarLinkFor, useAiGeneratedPosts } from '../../posts/index.ts';
import { QueryContent } from '../../../components/ui/query-status.tsx';

const PAGE = 10;

const STATUS_VARIANTS: Record<Generation['status'], BadgeVariant> = {
  completed: 'secondary',
  partial: 'warning',
  failed: 'destructive',
};

function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

interface HistoryActions {
  onReuse: (generation: Generation) => void;
  /** Shows the generation's variants as cards again (what was generated is never lost). */
  onOpen: (generation: Generation) => void;
  /** Generations whose variants are on screen now. */
  shownIds: ReadonlySet<string>;
  /** A generation is being written: opening another would replace its cards. */
  busy: boolean;
}

/** One past prompt: what it made, where it went, a way to see its variants and to use it again. */
function GenerationRow({
  generation: g,
  onReuse,
  onOpen,
  shownIds,
  busy,
}: HistoryActions & { generation: Generation }) {
  const saved = g.variants.filter((v) => v.event_id).length;
  const isShown = shownIds.has(g.id);
  const label = g.prompt.slice(0, 60);
  return (
    <li
      className="flex flex-wrap items-start gap-3 py-3 first:pt-0"
      aria-current={isShown ? 'true' : undefined}
    >
      <div className="grid min-w-48 flex-1 gap-1">
        <p className="line-clamp-2 text-sm font-medium text-foreground">{g.prompt}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={g.created_at}>{formatDate(g.created_at)}</time>
          <span aria-hidden>·</span>
          <span>
            {PLATFORM_LABELS[g.options.platform]}, {labelOf(g.options.tone)}, {g.variants.length} of{' '}
            {g.options.variants} variants
          </span>
          <span aria-hidden>·</span>
          <span>{g.provider.label}</span>
          {saved > 0 ? (
            <>
              <span aria-hidden>·</span>
              <span>{saved} saved to the calendar</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {g.status !== 'completed' ? (
          <Badge variant={STATUS_VARIANTS[g.status]}>{labelOf(g.status)}</Badge>
        ) : null}
        {g.variants.length > 0 ? (
          <Button
            size="sm"
            variant={isShown ? 'secondary' : 'outline'}
            aria-label={isShown ? `“${label}” is shown` : `Open “${label}”`}
            aria-pressed={isShown}
            disabled={busy}
            onClick={() => onOpen(g)}
          >
            <PanelsTopLeft aria-hidden className="size-4" /> {isShown ? 'Shown' : 'Open'}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          aria-label={`Reuse the prompt “${g.prompt.slice(0, 60)}”`}
          onClick={() => onReuse(g)}
        >
          <RotateCcw aria-hidden className="size-4" /> Reuse
        </Button>
      </div>
    </li>
  );
}

/** Past prompts, searchable, each with its variants and a way to use it again. */
export function PromptHistory(actions: HistoryActions) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [limit, setLimit] = useState(PAGE);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setLimit(PAGE);
    }, 250);
    return () => clearTimeout(timer);
  }, [search]);
  const query = useAiHistory(q, limit);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Prompt history</CardTitle>
        <CardDescription>
          Every generation, the prompt that made it and its variants, kept for you.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search prompts"
            placeholder="Search prompts"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <QueryContent
          query={query}
          loading={{ label: 'Loading prompt history', rows: 3, rowClassName: 'h-16 w-full' }}
          errorTitle="The history could not be loaded"
          isEmpty={(history) => history.items.length === 0}
          empty={
            <EmptyState
              icon={History}
              title={q ? 'No prompts match' : 'No generations yet'}
              description={
                q ? `Nothing you asked for contains “${q}”.` : 'Your prompts will be kept here.'
              }
            />
          }
        >
          {(history) => (
            <>
              <ul className="divide-y divide-border" aria-label="Past prompts">
                {history.items.map((g) => (
                  <GenerationRow key={g.id} generation={g} {...actions} />
                ))}
              </ul>
              {history.total > history.items.length ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  loading={query.isFetching}
                  onClick={() => setLimit((l) => l + PAGE)}
                >
                  Show more ({history.total - history.items.length} left)
                </Button>
              ) : null}
            </>
          )}
        </QueryContent>
      </CardContent>
    </Card>
  );
}

/** One saved post made here: its title (opening it on the calendar), when, and where. */
function AiEventRow({ event }: { event: CalendarEvent }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Link
          to={calendarLinkFor(event.id)}
          className="truncate text-sm font-medium text-foreground hover:underline"
        >
          {event.title}
        </Link>
        <p className="text-xs text-muted-foreground">
          {event.scheduled_for ? (
            <time dateTime={event.scheduled_for}>{formatDate(event.scheduled_for)}</time>
          ) : (
            'Not scheduled'
          )}
          {event.platforms.length > 0
            ? ` · ${event.platforms.map((p) => PLATFORM_LABELS[p as keyof typeof PLATFORM_LABELS] ?? p).join(', ')}`
            : ''}
        </p>
      </div>
      <Badge variant={event.status === 'scheduled' ? 'success' : 'outline'}>
        {labelOf(event.status)}
      </Badge>
    </li>
  );
}

/** docs/product/services.md#calendar-events "AI content": the calendar's ai_generated posts. */
export function AiCalendarContent() {
  const query = useAiGeneratedPosts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>AI content on your calendar</CardTitle>
        <CardDescription>Drafts and scheduled posts made here, by publishing time.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryContent
          query={query}
          loading={{ label: 'Loading AI content', rows: 2, rowClassName: 'h-12 w-full' }}
          errorTitle="AI content could not be loaded"
          empty={
            <EmptyState
              icon={CalendarDays}
              title="Nothing saved yet"
              description="Save or schedule a variant and it shows up here and on the calendar."
            />
          }
        >
          {(events) => (
            <ul className="divide-y divide-border" aria-label="AI content">
              {events.map((event) => (
                <AiEventRow key={event.id} event={event} />
              ))}
            </ul>
          )}
        </QueryContent>
      </CardContent>
    </Card>
  );
}
