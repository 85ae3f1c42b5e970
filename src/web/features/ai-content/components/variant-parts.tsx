import type { ChangeEvent } from 'react';
import { ChartColumn, Check, Clock, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { Slot } from '../lib/generation-state.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  describeLimitProblem,
  type TextLimitProblem,
  type TextLimits,
} from '#shared/platform-limits.ts';
import { Textarea } from './fields.tsx';

// The parts of a variant card: its caption with the counts, its hashtags, and the best times.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** An instant as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formatInZone(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toLocaleString();
  }
}

type ReadyVariant = NonNullable<Slot['variant']>;

/** The caption, editable, with its characters and hashtags against the platform's limits. */
export function CaptionEditor({
  id,
  slot,
  text,
  tagCount,
  limits,
  cap,
  problems,
  canSave,
  onEdit,
}: {
  id: string;
  slot: Slot;
  text: string;
  tagCount: number;
  limits: TextLimits;
  cap: number;
  problems: TextLimitProblem[];
  canSave: boolean;
  onEdit: (caption: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-caption`}>Caption</Label>
      <Textarea
        id={`${id}-caption`}
        rows={Math.min(14, Math.max(5, Math.ceil(slot.caption.length / 60)))}
        value={slot.caption}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onEdit(e.target.value)}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={`${id}-counts`}
        readOnly={!canSave}
      />
      <p id={`${id}-counts`} className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
        <span className={cn(text.length > limits.captionMaxLength && 'text-destructive')}>
          {`${text.length.toLocaleString()} / ${limits.captionMaxLength.toLocaleString()} characters`}
        </span>
        <span
          className={cn(
            limits.hashtagMax !== null && tagCount > limits.hashtagMax && 'text-destructive',
          )}
        >
          {`${tagCount} / ${limits.hashtagMax ?? cap} hashtags`}
        </span>
      </p>
      {problems.length > 0 ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {problems.map(describeLimitProblem).join('. ')}
        </p>
      ) : null}
    </div>
  );
}

/** The hashtags kept (pressed) or left out, and suggestions to add while the cap allows. */
export function HashtagPicker({
  slot,
  variant,
  tagCount,
  max,
  canSave,
  onToggleTag,
}: {
  slot: Slot;
  variant: ReadyVariant;
  tagCount: number;
  /** The platform's hashtag limit, or our cap where it documents none. */
  max: number;
  canSave: boolean;
  onToggleTag: (tag: string) => void;
}) {
  if (variant.hashtags.length + variant.suggested_hashtags.length === 0) return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-foreground">Hashtags</legend>
      <div className="flex flex-wrap gap-1.5">
        {[...new Set([...variant.hashtags, ...slot.hashtags])].map((tag) => (
          <TagChip
            key={tag}
            tag={tag}
            pressed={slot.hashtags.includes(tag)}
            disabled={!canSave}
            onClick={() => onToggleTag(tag)}
          />
        ))}
      </div>
      {variant.suggested_hashtags.some((t) => !slot.hashtags.includes(t)) ? (
        <>
          <p className="text-xs text-muted-foreground">Suggestions</p>
          <div className="flex flex-wrap gap-1.5">
            {variant.suggested_hashtags
              .filter((t) => !slot.hashtags.includes(t))
              .map((tag) => (
                <TagChip
                  key={tag}
                  tag={tag}
                  pressed={false}
                  suggestion
                  disabled={!canSave || tagCount >= max}
                  onClick={() => onToggleTag(tag)}
                />
              ))}
          </div>
        </>
      ) : null}
    </fieldset>
  );
}

/** The suggested times to post, each a button that fills the time to publish at. */
export function BestTimes({
  variant,
  when,
  canSchedule,
  onPick,
}: {
  variant: ReadyVariant;
  when: string;
  canSchedule: boolean;
  onPick: (when: string) => void;
}) {
  return (
    <div className="grid gap-2 rounded-md bg-muted/50 p-3">
      <p className="flex items-center gap-1.5 text-sm font-medium text-foreground">
        <Clock aria-hidden className="size-4" /> Best times to post
      </p>
      <p className="text-xs text-muted-foreground">{variant.best_times.note}</p>
      {variant.best_times.source === 'analytics' ? (
        // Times read from this business's own figures: the heat-map behind them is one click away.
        <Link
          to="/dashboard/analytics"
          className="inline-flex w-max items-center gap-1 text-xs font-medium text-link hover:underline"
        >
          <ChartColumn aria-hidden className="size-3.5" /> From your analytics: see the best-time
          heat-map
        </Link>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        {variant.best_times.slots.map((s) => (
          <Button
            key={s.next_at}
            type="button"
            size="sm"
            variant={when === toLocalInput(s.next_at) ? 'secondary' : 'outline'}
            aria-label={`Use ${formatInZone(s.next_at, variant.best_times.time_zone)}`}
            disabled={!canSchedule}
            onClick={() => onPick(toLocalInput(s.next_at))}
          >
            {WEEKDAYS[s.day]} {s.time}
          </Button>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">Times in {variant.best_times.time_zone}.</p>
    </div>
  );
}

/** The adjustments the generator made to fit the platform's rules. */
export function Adjustments({ variant }: { variant: ReadyVariant }) {
  if (variant.adjustments.length === 0) return null;
  return (
    <ul className="grid gap-1 text-xs text-muted-foreground">
      {variant.adjustments.map((a) => (
        <li key={a} className="flex items-center gap-1.5">
          <Check aria-hidden className="size-3.5 text-success" /> {a}
        </li>
      ))}
    </ul>
  );
}

function TagChip({
  tag,
  pressed,
  suggestion,
  disabled,
  onClick,
}: {
  tag: string;
  pressed: boolean;
  suggestion?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={suggestion ? undefined : pressed}
      aria-label={suggestion ? `Add ${tag}` : `${tag}${pressed ? ', included' : ', left out'}`}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
        pressed
          ? 'border-primary/30 bg-primary/10 text-primary'
          : 'border-border text-muted-foreground hover:text-foreground',
        !pressed && !suggestion && 'line-through',
      )}
    >
      {suggestion ? <Plus aria-hidden className="size-3" /> : null}
      {tag}
    </button>
  );
}
