import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { CAMPAIGN_STATUS_LIST, STATUS_LABELS } from '../lib/format.ts';

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
          aria-label="Search campaigns"
          placeholder="Search by name"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="pl-9"
        />
      </div>
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
