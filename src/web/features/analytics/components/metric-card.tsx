import type { ReactNode } from 'react';
import { ArrowDownRight, ArrowRight, ArrowUpRight, Minus } from 'lucide-react';
import type { MetricCard } from '#shared/contracts/analytics.contract.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { changeOf, formatValue, type ChangeText } from '../lib/format.ts';
import { InfoPopover } from './info-popover.tsx';
import { ProvenanceDetails } from './provenance.tsx';

// One figure: its value, the change on the previous period of the same length (only when the
// server has both), and where it came from behind the "i" (docs/decisions/092). Used by the
// analytics page and the home page; no chart in here.

export function ChangeBadge({ change }: { change: ChangeText }) {
  if (change.tone === 'none') {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
        <Minus aria-hidden className="size-3.5" />
        {change.description}
      </span>
    );
  }
  const Icon =
    change.tone === 'up' ? ArrowUpRight : change.tone === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs font-medium',
        change.good === null
          ? 'text-muted-foreground'
          : change.good
            ? 'text-success'
            : 'text-destructive',
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      <span aria-hidden>{change.text}</span>
      <span className="sr-only">{change.description}</span>
      <span aria-hidden className="font-normal text-muted-foreground">
        vs previous
      </span>
    </span>
  );
}

export function MetricCardView({
  card,
  period,
  timeZone,
  extra,
  footer,
  className,
}: {
  card: MetricCard;
  period?: string;
  timeZone: string;
  /** Lines added to the provenance: the engagement rate's definition, the revision note. */
  extra?: (string | null | undefined)[];
  footer?: ReactNode;
  className?: string;
}) {
  const change = changeOf(card);
  return (
    <Card className={cn('grid content-start gap-2 p-4', className)}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{card.label}</h3>
        <InfoPopover label={`About ${card.label}`} className="-mt-0.5 -mr-1">
          <ProvenanceDetails
            provenance={card.provenance}
            period={period}
            timeZone={timeZone}
            extra={extra}
          />
        </InfoPopover>
      </div>
      <p
        className="text-2xl font-semibold tracking-tight text-foreground tabular-nums"
        data-testid={`metric-${card.key}`}
      >
        {formatValue(card.value, card.unit)}
      </p>
      <ChangeBadge change={change} />
      {footer}
    </Card>
  );
}
