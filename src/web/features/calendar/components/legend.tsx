import { EVENT_STATUSES } from '#shared/contracts/calendar.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { NO_PLATFORM_STRIPE, PLATFORM_STYLES, StatusIcon, statusLabel } from '../../posts/index.ts';

export function CalendarLegend({ className }: { className?: string }) {
  return (
    <section
      aria-label="Legend"
      className={cn('flex flex-wrap gap-x-6 gap-y-2 text-xs', className)}
    >
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1" aria-label="Platforms">
        {Object.entries(PLATFORM_STYLES).map(([key, style]) => (
          <li key={key} className="flex items-center gap-1.5 text-muted-foreground">
            <span aria-hidden className={cn('h-3 w-1 rounded-full', style.stripe)} />
            {style.label}
          </li>
        ))}
        <li className="flex items-center gap-1.5 text-muted-foreground">
          <span aria-hidden className={cn('h-3 w-1 rounded-full', NO_PLATFORM_STRIPE)} />
          No platform
        </li>
      </ul>
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1" aria-label="Statuses">
        {EVENT_STATUSES.map((status) => (
          <li
            key={status}
            className={cn(
              'flex items-center gap-1 text-muted-foreground',
              status === 'cancelled' ? 'line-through' : '',
            )}
          >
            <StatusIcon status={status} />
            {statusLabel(status)}
          </li>
        ))}
      </ul>
    </section>
  );
}
