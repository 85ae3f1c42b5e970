import { CircleCheck, CircleX, Clock } from 'lucide-react';

export type PostStatus = 'published' | 'scheduled' | 'failed';

// Success/warning tokens do not flip in dark mode, so the chips lighten their text there to keep
// 4.5:1 contrast.
const STYLES: Record<PostStatus, string> = {
  published: 'bg-success/10 text-success dark:bg-success/20 dark:text-green-300',
  scheduled: 'bg-secondary text-secondary-foreground',
  failed: 'bg-destructive/10 text-destructive dark:bg-destructive/20 dark:text-red-300',
};

const ICONS = { published: CircleCheck, scheduled: Clock, failed: CircleX } as const;

export function StatusChip({ status, children }: { status: PostStatus; children: string }) {
  const Icon = ICONS[status];
  return (
    <span
      className={`inline-flex max-w-full items-start gap-1 rounded-lg px-2 py-0.5 text-[11px] leading-4 font-semibold ${STYLES[status]}`}
    >
      <Icon className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </span>
  );
}
