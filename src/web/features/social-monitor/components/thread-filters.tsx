import { useEffect, useState } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import {
  INBOX_LIMITS,
  SENTIMENTS,
  type ThreadCounts,
  type ThreadFilters,
} from '#shared/contracts/inbox.contract.ts';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { useConnections } from '../../platforms/index.ts';
import { formatCount } from '../lib/count.ts';
import { connectionLabel } from '../lib/format.ts';
import { SENTIMENT_LABELS } from './sentiment-badge.tsx';

const selectClasses = cn(inputClasses, 'h-9 w-full pr-8');

interface ThreadFiltersProps {
  filters: ThreadFilters;
  counts: ThreadCounts | undefined;
  onChange(key: string, value: string | null): void;
}

/**
 * Search, the quick filters with their counts (Open, Done, Unread, Needs reply, Mine,
 * Unassigned) and, folded, platform, account and sentiment.
 */
export function ThreadFiltersBar({ filters, counts, onChange }: ThreadFiltersProps) {
  const [typed, setTyped] = useState(filters.q ?? '');
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== (filters.q ?? '')) onChange('q', typed.trim() || null);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, filters.q, onChange]);
  const connections = useConnections().data ?? [];
  const more = [filters.platform, filters.connectionId, filters.sentiment].filter(Boolean).length;

  return (
    <form
      aria-label="Filters"
      role="search"
      className="grid gap-3 border-b border-border p-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search threads"
          placeholder="Search names and messages"
          maxLength={INBOX_LIMITS.searchChars}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="h-9 pl-9"
        />
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Quick filters">
        <Chip
          label="Open"
          count={counts?.open}
          pressed={filters.status === 'open'}
          onClick={() => onChange('status', null)}
        />
        <Chip
          label="Done"
          count={counts?.done}
          pressed={filters.status === 'done'}
          onClick={() => onChange('status', filters.status === 'done' ? null : 'done')}
        />
        <Chip
          label="Unread"
          count={counts?.unread}
          pressed={filters.unread === true}
          onClick={() => onChange('unread', filters.unread ? null : '1')}
        />
        <Chip
          label="Needs reply"
          count={counts?.needsReply}
          pressed={filters.needsReply === true}
          onClick={() => onChange('needs', filters.needsReply ? null : '1')}
        />
        <Chip
          label="Mine"
          count={counts?.mine}
          pressed={filters.assignee === 'me'}
          onClick={() => onChange('assignee', filters.assignee === 'me' ? null : 'me')}
        />
        <Chip
          label="Unassigned"
          count={counts?.unassigned}
          pressed={filters.assignee === 'nobody'}
          onClick={() => onChange('assignee', filters.assignee === 'nobody' ? null : 'nobody')}
        />
      </div>
      <details className="group" open={more > 0 ? true : undefined}>
        <summary className="flex cursor-pointer items-center gap-1.5 rounded-md text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
          <SlidersHorizontal aria-hidden className="size-3.5" />
          More filters{more > 0 ? ` (${more})` : ''}
        </summary>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor="inbox-filter-platform" className="text-xs">
              Platform
            </Label>
            <select
              id="inbox-filter-platform"
              className={selectClasses}
              value={filters.platform ?? ''}
              onChange={(e) => onChange('platform', e.target.value || null)}
            >
              <option value="">All platforms</option>
              <option value="instagram">Instagram</option>
              <option value="facebook">Facebook</option>
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="inbox-filter-account" className="text-xs">
              Account
            </Label>
            <select
              id="inbox-filter-account"
              className={selectClasses}
              value={filters.connectionId ?? ''}
              onChange={(e) => onChange('account', e.target.value || null)}
            >
              <option value="">All accounts</option>
              {connections.map((c) => (
                <option key={c.id} value={c.id}>
                  {connectionLabel(c)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="inbox-filter-sentiment" className="text-xs">
              Sentiment
            </Label>
            <select
              id="inbox-filter-sentiment"
              className={selectClasses}
              value={filters.sentiment ?? ''}
              onChange={(e) => onChange('sentiment', e.target.value || null)}
            >
              <option value="">Any sentiment</option>
              {SENTIMENTS.map((s) => (
                <option key={s} value={s}>
                  {SENTIMENT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </details>
    </form>
  );
}

function Chip({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number | undefined;
  pressed: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-7 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-background text-foreground hover:bg-muted',
      )}
    >
      {label}{' '}
      {count === undefined ? null : (
        <span className={cn('tabular-nums', pressed ? 'opacity-90' : 'text-muted-foreground')}>
          {formatCount(count)}
        </span>
      )}
    </button>
  );
}
