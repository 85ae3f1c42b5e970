import { Clock } from 'lucide-react';
import type { BestTime } from '#shared/contracts/ai-content.contract.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { formatDateKey, formatTimeKey, zonedParts } from '../../../../lib/zoned-time.ts';
import { useBestSlots } from '../../api/use-best-slots.ts';

// Up to three suggested times per platform of the post, from analytics (or the fallbacks the
// server names in its note); a click fills the date and the time.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const PLATFORM_NAMES = { instagram: 'Instagram', facebook: 'Facebook' } as const;
const MAX_SUGGESTIONS = 3;

export function slotValues(slot: BestTime, timeZone: string): { date: string; time: string } {
  const wall = zonedParts(new Date(slot.next_at), timeZone);
  return { date: formatDateKey(wall), time: formatTimeKey(wall.hour, wall.minute) };
}

export function BestTimeChips({
  platforms,
  values,
  timeZone,
  disabled,
  onPick,
}: {
  platforms: readonly ('instagram' | 'facebook')[];
  values: { date: string; time: string };
  timeZone: string;
  disabled: boolean;
  onPick(values: { date: string; time: string }): void;
}) {
  if (platforms.length === 0) return null;
  return (
    <div className="grid gap-2">
      {platforms.map((platform) => (
        <PlatformChips
          key={platform}
          platform={platform}
          named={platforms.length > 1}
          values={values}
          timeZone={timeZone}
          disabled={disabled}
          onPick={onPick}
        />
      ))}
    </div>
  );
}

function PlatformChips({
  platform,
  named,
  values,
  timeZone,
  disabled,
  onPick,
}: {
  platform: 'instagram' | 'facebook';
  named: boolean;
  values: { date: string; time: string };
  timeZone: string;
  disabled: boolean;
  onPick(values: { date: string; time: string }): void;
}) {
  const query = useBestSlots(platform, !disabled);
  const best = query.data;
  if (!best || best.slots.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={`Best times${named ? ` on ${PLATFORM_NAMES[platform]}` : ''}`}
      className="grid gap-1.5 rounded-md bg-muted/50 p-3"
    >
      <p className="flex items-center gap-1.5 text-sm font-medium">
        <Clock aria-hidden className="size-4 text-muted-foreground" />
        Best times{named ? ` on ${PLATFORM_NAMES[platform]}` : ''}
      </p>
      <div className="flex flex-wrap gap-1.5">
        {best.slots.slice(0, MAX_SUGGESTIONS).map((slot) => {
          const slotAt = slotValues(slot, timeZone);
          const chosen = slotAt.date === values.date && slotAt.time === values.time;
          return (
            <Button
              key={slot.next_at}
              type="button"
              size="sm"
              variant={chosen ? 'secondary' : 'outline'}
              aria-pressed={chosen}
              aria-label={`Use ${formatDateTime(new Date(slot.next_at), timeZone)}`}
              onClick={() => onPick(slotAt)}
            >
              {WEEKDAYS[slot.day]} {slot.time}
            </Button>
          );
        })}
      </div>
      <p className="text-xs text-muted-foreground">{best.note}</p>
    </div>
  );
}
