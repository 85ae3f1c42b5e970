import { Bot, Cpu } from 'lucide-react';
import type { AiStatus } from '#shared/contracts/ai-content.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long' }).format(
    new Date(iso),
  );
}

export function ProviderBadge({ status }: { status: AiStatus | undefined }) {
  if (!status) return <Skeleton className="h-6 w-40" />;
  const offline = status.provider.kind === 'offline';
  return (
    <Badge variant={offline ? 'outline' : 'secondary'} className="gap-1.5 py-1">
      {offline ? (
        <Cpu aria-hidden className="size-3.5" />
      ) : (
        <Bot aria-hidden className="size-3.5" />
      )}
      <span>
        <span className="sr-only">Active AI provider: </span>
        {status.provider.label}
      </span>
    </Badge>
  );
}

export function AllowanceMeter({ status }: { status: AiStatus | undefined }) {
  if (!status) return <Skeleton className="h-10 w-full" />;
  const { used, limit, remaining, resets_at } = status.allowance;
  const share = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-foreground">Generations this month</span>
        <span className="text-muted-foreground">
          <strong className="font-semibold text-foreground">{remaining}</strong> of {limit} left
        </span>
      </div>
      <div
        role="meter"
        aria-label="Generations used this month"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        aria-valuetext={`${used} of ${limit} used`}
        className="h-2 overflow-hidden rounded-full bg-secondary"
      >
        <div
          className={share >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
          style={{ width: `${share}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Each variant counts as one generation. Renews on {formatDay(resets_at)}.
      </p>
    </div>
  );
}
