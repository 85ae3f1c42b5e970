import {
  Ban,
  CheckCircle2,
  CircleAlert,
  CircleDashed,
  CircleHelp,
  Clock,
  Loader,
  type LucideIcon,
} from 'lucide-react';
import type { CalendarEvent, EventStatus } from '#shared/contracts/calendar.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { STATUS_LABELS } from '../lib/post-rules.ts';

// Colour says the platform (a stripe), the icon and text say the status: nothing is told by
// colour alone, and the legend names both.

export const PLATFORM_STYLES = {
  facebook: { label: 'Facebook', stripe: 'bg-[#1877F2]' },
  instagram: { label: 'Instagram', stripe: 'bg-[#D62976]' },
} as const;

export const NO_PLATFORM_STRIPE = 'bg-muted-foreground/40';

export const STATUS_STYLES: Record<
  EventStatus,
  { icon: LucideIcon; chip: string; icon_class: string }
> = {
  draft: {
    icon: CircleDashed,
    chip: 'border-dashed border-input bg-background',
    icon_class: 'text-muted-foreground',
  },
  scheduled: {
    icon: Clock,
    chip: 'border-primary/30 bg-secondary',
    icon_class: 'text-primary',
  },
  publishing: {
    icon: Loader,
    chip: 'border-warning/40 bg-warning/10',
    icon_class: 'text-warning',
  },
  published: {
    icon: CheckCircle2,
    chip: 'border-success/30 bg-success/10',
    icon_class: 'text-success',
  },
  failed: {
    icon: CircleAlert,
    chip: 'border-destructive/50 bg-destructive/10',
    icon_class: 'text-destructive',
  },
  unconfirmed: {
    icon: CircleHelp,
    chip: 'border-warning/50 bg-warning/10',
    icon_class: 'text-warning',
  },
  cancelled: {
    icon: Ban,
    chip: 'border-border bg-muted/60 text-muted-foreground line-through',
    icon_class: 'text-muted-foreground',
  },
};

/** One stripe per platform, stacked; grey when the event names none (a note, say). */
export function PlatformStripe({
  platforms,
  className,
}: {
  platforms: CalendarEvent['platforms'];
  className?: string;
}) {
  const known = platforms.filter((p): p is keyof typeof PLATFORM_STYLES => p in PLATFORM_STYLES);
  return (
    <span
      aria-hidden
      className={cn('flex w-1 shrink-0 flex-col overflow-hidden rounded-full', className)}
    >
      {known.length === 0 ? (
        <span className={cn('flex-1', NO_PLATFORM_STRIPE)} />
      ) : (
        known.map((p) => <span key={p} className={cn('flex-1', PLATFORM_STYLES[p].stripe)} />)
      )}
    </span>
  );
}

export function StatusIcon({ status, className }: { status: EventStatus; className?: string }) {
  const { icon: Icon, icon_class } = STATUS_STYLES[status];
  return <Icon aria-hidden className={cn('size-3.5 shrink-0', icon_class, className)} />;
}

export function platformNames(platforms: readonly string[]): string {
  return platforms
    .map((p) =>
      p in PLATFORM_STYLES ? PLATFORM_STYLES[p as keyof typeof PLATFORM_STYLES].label : p,
    )
    .join(', ');
}

export function statusLabel(status: EventStatus): string {
  return STATUS_LABELS[status];
}
