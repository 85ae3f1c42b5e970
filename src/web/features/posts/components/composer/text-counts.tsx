import { PLATFORM_STYLES } from '../event-style.tsx';
import { PlatformIcon } from '../../../platforms/index.ts';
import { cn } from '../../../../lib/cn.ts';
import type { Meter, TextCounts } from '../../lib/composer-model.ts';

const number = (n: number) => n.toLocaleString('en-US');

function MeterText({ meter, unit, id }: { meter: Meter; unit: [string, string]; id: string }) {
  return (
    <span
      data-testid={id}
      className={cn(meter.over ? 'font-semibold text-destructive' : 'text-muted-foreground')}
    >
      {meter.max === null
        ? `${number(meter.count)} ${meter.count === 1 ? unit[0] : unit[1]}`
        : `${number(meter.count)} / ${number(meter.max)} ${unit[1]}`}
      {meter.over ? ` — over the limit of ${number(meter.max!)}` : ''}
    </span>
  );
}

/** The text's length, hashtags and @-mentions against each chosen platform's limits. */
export function TextCounter({ counts, id }: { counts: TextCounts[]; id: string }) {
  return (
    <ul id={id} className="grid gap-1 text-xs" aria-label="Counts per platform">
      {counts.map((c) => (
        <li
          key={c.platform}
          className="flex flex-wrap items-center gap-x-2 gap-y-0.5"
          data-testid={`counts-${c.platform}`}
        >
          <span className="flex items-center gap-1 font-medium text-foreground">
            <PlatformIcon platform={c.platform} className="size-3.5" />
            {PLATFORM_STYLES[c.platform].label}
          </span>
          <MeterText
            meter={c.characters}
            unit={['character', 'characters']}
            id={`${c.platform}-characters`}
          />
          <span aria-hidden className="text-muted-foreground">
            ·
          </span>
          <MeterText
            meter={c.hashtags}
            unit={['hashtag', 'hashtags']}
            id={`${c.platform}-hashtags`}
          />
          <span aria-hidden className="text-muted-foreground">
            ·
          </span>
          <MeterText
            meter={c.mentions}
            unit={['mention', 'mentions']}
            id={`${c.platform}-mentions`}
          />
        </li>
      ))}
    </ul>
  );
}
