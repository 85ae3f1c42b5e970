import { PLATFORMS } from '#shared/contracts/account.contract.ts';
import { EVENT_STATUSES, EVENT_TYPES } from '#shared/contracts/calendar.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { PLATFORM_STYLES, STATUS_LABELS, TYPE_LABELS } from '../../posts/index.ts';
import { NO_FILTERS, type CalendarFilters } from '../api/use-events-in-range.ts';
import { AccountFilter } from './account-filter.tsx';

const selectClasses = cn(inputClasses, 'h-9 w-auto min-w-36 pr-8');

/** Platform, status, type and account: the server filters (docs/decisions/072, 076). */
export function FilterBar({
  filters,
  onChange,
  campaigns = [],
}: {
  filters: CalendarFilters;
  onChange(filters: CalendarFilters): void;
  /** The campaigns of the posts on screen, for the campaign filter (docs/decisions/095). */
  campaigns?: ReadonlyArray<{ id: string; name: string }>;
}) {
  const active =
    filters.platform !== null ||
    filters.status !== null ||
    filters.type !== null ||
    filters.accountIds.length > 0 ||
    filters.campaignId !== null;
  return (
    <form
      aria-label="Filters"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="calendar-filter-platform">Platform</Label>
        <select
          id="calendar-filter-platform"
          className={selectClasses}
          value={filters.platform ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              platform: (PLATFORMS as readonly string[]).includes(e.target.value)
                ? (e.target.value as CalendarFilters['platform'])
                : null,
            })
          }
        >
          <option value="">All platforms</option>
          {PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {PLATFORM_STYLES[p].label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="calendar-filter-status">Status</Label>
        <select
          id="calendar-filter-status"
          className={selectClasses}
          value={filters.status ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              status: (EVENT_STATUSES as readonly string[]).includes(e.target.value)
                ? (e.target.value as CalendarFilters['status'])
                : null,
            })
          }
        >
          <option value="">All statuses</option>
          {EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="calendar-filter-type">Type</Label>
        <select
          id="calendar-filter-type"
          className={selectClasses}
          value={filters.type ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              type: (EVENT_TYPES as readonly string[]).includes(e.target.value)
                ? (e.target.value as CalendarFilters['type'])
                : null,
            })
          }
        >
          <option value="">All types</option>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      {campaigns.length > 0 || filters.campaignId !== null ? (
        <div className="grid gap-1.5">
          <Label htmlFor="calendar-filter-campaign">Campaign</Label>
          <select
            id="calendar-filter-campaign"
            className={selectClasses}
            value={filters.campaignId ?? ''}
            onChange={(e) => onChange({ ...filters, campaignId: e.target.value || null })}
          >
            <option value="">All posts</option>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <AccountFilter
        value={filters.accountIds}
        onChange={(accountIds) => onChange({ ...filters, accountIds })}
      />
      {active ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
