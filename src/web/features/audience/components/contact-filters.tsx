import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import type { Segment } from '#shared/contracts/audience.contract.ts';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

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
  const [typed, setTyped] = useState(q);
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => onSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed, q, onSearch]);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative sm:max-w-xs sm:flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search contacts"
          placeholder="Search by name or handle"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="pl-9"
        />
      </div>
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
