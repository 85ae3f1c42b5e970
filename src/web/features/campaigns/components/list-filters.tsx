import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { CAMPAIGN_STATUS_LIST, STATUS_LABELS } from '../lib/format.ts';
import { SearchBox } from '../../../components/ui/search-box.tsx';

/** Search by name and filter by status; the search is sent once typing pauses. */
export function ListFilters({
  q,
  status,
  onSearch,
  onStatus,
}: {
  q: string;
  status: string;
  onSearch(q: string): void;
  onStatus(status: string): void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchBox
        value={q}
        label="Search campaigns"
        placeholder="Search by name"
        onSearch={onSearch}
      />
      <select
        aria-label="Status"
        value={status}
        onChange={(e) => onStatus(e.target.value)}
        className={cn(inputClasses, 'sm:w-48')}
      >
        <option value="">All statuses</option>
        {CAMPAIGN_STATUS_LIST.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
