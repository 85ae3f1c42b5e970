import type { Segment } from '#shared/contracts/audience.contract.ts';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { SearchBox } from '../../../components/ui/search-box.tsx';

/** Search by name or handle, and the saved segment the list is narrowed to. */
export function ContactFilters({
  q,
  segmentId,
  segments,
  onSearch,
  onSegment,
}: {
  q: string;
  segmentId: string;
  segments: readonly Segment[];
  onSearch(q: string): void;
  onSegment(id: string): void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchBox
        value={q}
        label="Search contacts"
        placeholder="Search by name or handle"
        onSearch={onSearch}
      />
      <select
        aria-label="Segment"
        value={segmentId}
        onChange={(e) => onSegment(e.target.value)}
        className={cn(inputClasses, 'sm:w-60')}
      >
        <option value="">All contacts</option>
        {segments.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({s.count})
          </option>
        ))}
        {segmentId && !segments.some((s) => s.id === segmentId) ? (
          <option value={segmentId}>A saved segment</option>
        ) : null}
      </select>
    </div>
  );
}
