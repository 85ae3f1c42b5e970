import type { Sentiment } from '#shared/contracts/inbox.contract.ts';
import { cn } from '../../../lib/cn.ts';

export const SENTIMENT_LABELS: Record<Sentiment, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

const TONES: Record<Sentiment, string> = {
  positive: 'bg-success/15 text-success',
  neutral: 'bg-muted text-muted-foreground',
  negative: 'bg-destructive/15 text-destructive',
};

export function SentimentBadge({ sentiment }: { sentiment: Sentiment }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-1.5 py-0.5 text-[0.7rem] font-medium',
        TONES[sentiment],
      )}
    >
      {SENTIMENT_LABELS[sentiment]}
    </span>
  );
}
