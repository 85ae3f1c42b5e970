import type { GenerateOptions } from '#shared/contracts/ai-content.contract.ts';
import { PLATFORM_LABELS, labelOf } from './generate-form.tsx';

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** What the cards below were written for: the prompt, the platform and tone, and when. */
export interface Shown {
  prompt: string;
  options: GenerateOptions;
  createdAt: string;
}

export function ResultsHeading({ shown, count }: { shown: Shown; count: number }) {
  return (
    <div className="grid gap-1 px-1">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {count === 1 ? '1 variant' : `${count} variants`} for
      </p>
      <p className="line-clamp-2 text-sm font-medium text-foreground">{shown.prompt}</p>
      <p className="text-xs text-muted-foreground">
        {PLATFORM_LABELS[shown.options.platform]} · {labelOf(shown.options.tone)} ·{' '}
        <time dateTime={shown.createdAt}>{formatWhen(shown.createdAt)}</time>
      </p>
    </div>
  );
}
