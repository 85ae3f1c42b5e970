import { formatBytes } from '#shared/file-size.ts';
import { cn } from '../../../lib/cn.ts';

/** The plan's storage: used of allowed, coloured as it fills. */
export function StorageMeter({ used, quota, plan }: { used: number; quota: number; plan: string }) {
  const ratio = quota > 0 ? Math.min(1, used / quota) : 0;
  return (
    <div className="grid w-64 max-w-full gap-1" data-testid="storage-meter">
      <div className="flex justify-between gap-3 text-xs text-muted-foreground">
        <span>
          {formatBytes(used)} of {formatBytes(quota)} used
        </span>
        <span className="capitalize">{plan}</span>
      </div>
      <div
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={used}
        aria-valuetext={`${formatBytes(used)} of ${formatBytes(quota)}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full',
            ratio > 0.9 ? 'bg-destructive' : ratio > 0.75 ? 'bg-warning' : 'bg-primary',
          )}
          style={{ width: `${Math.max(ratio * 100, used > 0 ? 1 : 0)}%` }}
        />
      </div>
    </div>
  );
}
