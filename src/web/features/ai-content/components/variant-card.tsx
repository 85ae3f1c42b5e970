import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  CalendarClock,
  CalendarPlus,
  Check,
  Clock,
  Copy,
  ExternalLink,
  Plus,
  RefreshCw,
  Save,
} from 'lucide-react';
import { toast } from 'sonner';
import {
  composePostText,
  type GenerateOptions,
  type SaveVariantInput,
} from '#shared/contracts/ai-content.contract.ts';
import {
  checkTextLimits,
  countHashtags,
  describeLimitProblem,
  hashtagCap,
  limitsFor,
} from '#shared/platform-limits.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { composerLinkFor } from '../../composer/lib/links.ts';
import type { Slot } from '../lib/generation-state.ts';
import { Textarea } from './fields.tsx';

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

interface VariantCardProps {
  slot: Slot;
  position: number;
  options: GenerateOptions;
  busy: boolean;
  canSave: boolean;
  canSchedule: boolean;
  onEdit: (caption: string) => void;
  onToggleTag: (tag: string) => void;
  onRegenerate: () => void;
  onSave: (body: SaveVariantInput) => Promise<void>;
}

export function VariantCard({
  slot,
  position,
  options,
  busy,
  canSave,
  canSchedule,
  onEdit,
  onToggleTag,
  onRegenerate,
  onSave,
}: VariantCardProps) {
  const id = useId();
  const limits = limitsFor(options.platform, options.format);
  const cap = hashtagCap(limits);
  const firstSlot = slot.variant?.best_times.slots[0];
  // Until the user picks a time, the first suggested one (known once the variant is written).
  const [picked, setWhen] = useState<string | null>(null);
  const when = picked ?? (firstSlot ? toLocalInput(firstSlot.next_at) : '');
  const [saving, setSaving] = useState<'draft' | 'scheduled' | null>(null);
  const [whenError, setWhenError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const title = `Variant ${position + 1}`;

  const text = composePostText(slot.caption, slot.hashtags);
  const problems = checkTextLimits(text, limits);
  const tagCount = countHashtags(text);

  async function save(status: 'draft' | 'scheduled') {
    setSaveError(null);
    setWhenError(null);
    let scheduledFor: string | null = null;
    if (status === 'scheduled') {
      const date = when ? new Date(when) : null;
      if (!date || Number.isNaN(date.getTime())) {
        setWhenError('Choose when to publish');
        return;
      }
      if (date.getTime() <= Date.now()) {
        setWhenError('Choose a time in the future');
        return;
      }
      scheduledFor = date.toISOString();
    }
    setSaving(status);
    try {
      await onSave({
        caption: slot.caption,
        hashtags: slot.hashtags,
        status,
        scheduled_for: scheduledFor,
      });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields['scheduled_for']) setWhenError(fields['scheduled_for']);
      else setSaveError(fields['caption'] ?? userMessageOf(error));
    } finally {
      setSaving(null);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied to the clipboard');
    } catch {
      toast.error('Copying is not allowed here. Select the text and copy it instead.');
    }
  }

  const statusBadge =
    slot.status === 'waiting' ? (
      <Badge variant="outline">Waiting</Badge>
    ) : slot.status === 'writing' ? (
      <Badge variant="secondary">Writing…</Badge>
    ) : slot.status === 'failed' ? (
      <Badge variant="destructive">Failed</Badge>
    ) : slot.event?.status === 'scheduled' ? (
      <Badge variant="success">Scheduled</Badge>
    ) : slot.event ? (
      <Badge variant="outline">Saved as draft</Badge>
    ) : (
      <Badge variant="secondary">Ready</Badge>
    );

  return (
    <Card className="grid gap-4 p-4 sm:p-5" aria-labelledby={`${id}-title`} role="region">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-base font-semibold text-foreground">
          {title}
        </h3>
        {statusBadge}
      </div>

      {slot.status === 'waiting' || slot.status === 'writing' ? (
        <p
          className="min-h-24 text-sm leading-relaxed whitespace-pre-wrap text-foreground"
          aria-live="polite"
          aria-busy="true"
        >
          {slot.streamed}
          <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-primary align-middle" />
        </p>
      ) : null}

      {slot.status === 'failed' && slot.error ? (
        <Alert variant="destructive" title={`${title} could not be written`}>
          <p>{slot.error.message}</p>
          {slot.streamed ? (
            <p className="mt-1 text-xs">What was written before the failure was not kept.</p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            disabled={busy || !canSave}
            onClick={onRegenerate}
          >
            <RefreshCw aria-hidden className="size-4" /> Try again
          </Button>
        </Alert>
      ) : null}

      {slot.status === 'ready' && slot.variant ? (
        <>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-caption`}>Caption</Label>
            <Textarea
              id={`${id}-caption`}
              rows={Math.min(14, Math.max(5, Math.ceil(slot.caption.length / 60)))}
              value={slot.caption}
              onChange={(e) => onEdit(e.target.value)}
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

          {slot.variant.hashtags.length + slot.variant.suggested_hashtags.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium text-foreground">Hashtags</legend>
              <div className="flex flex-wrap gap-1.5">
                {[...new Set([...slot.variant.hashtags, ...slot.hashtags])].map((tag) => (
                  <TagChip
                    key={tag}
                    tag={tag}
                    pressed={slot.hashtags.includes(tag)}
                    disabled={!canSave}
                    onClick={() => onToggleTag(tag)}
                  />
                ))}
              </div>
              {slot.variant.suggested_hashtags.some((t) => !slot.hashtags.includes(t)) ? (
                <>
                  <p className="text-xs text-muted-foreground">Suggestions</p>
                  <div className="flex flex-wrap gap-1.5">
                    {slot.variant.suggested_hashtags
                      .filter((t) => !slot.hashtags.includes(t))
                      .map((tag) => (
                        <TagChip
                          key={tag}
                          tag={tag}
                          pressed={false}
                          suggestion
                          disabled={!canSave || tagCount >= (limits.hashtagMax ?? cap)}
                          onClick={() => onToggleTag(tag)}
                        />
                      ))}
                  </div>
                </>
              ) : null}
            </fieldset>
          ) : null}

          {slot.variant.adjustments.length > 0 ? (
            <ul className="grid gap-1 text-xs text-muted-foreground">
              {slot.variant.adjustments.map((a) => (
                <li key={a} className="flex items-center gap-1.5">
                  <Check aria-hidden className="size-3.5 text-success" /> {a}
                </li>
              ))}
            </ul>
          ) : null}

          <div className="grid gap-2 rounded-md bg-muted/50 p-3">
            <p className="flex items-center gap-1.5 text-sm font-medium text-foreground">
              <Clock aria-hidden className="size-4" /> Best times to post
            </p>
            <p className="text-xs text-muted-foreground">{slot.variant.best_times.note}</p>
            <div className="flex flex-wrap gap-1.5">
              {slot.variant.best_times.slots.map((s) => (
                <Button
                  key={s.next_at}
                  type="button"
                  size="sm"
                  variant={when === toLocalInput(s.next_at) ? 'secondary' : 'outline'}
                  aria-label={`Use ${formatInZone(s.next_at, slot.variant!.best_times.time_zone)}`}
                  disabled={!canSchedule}
                  onClick={() => setWhen(toLocalInput(s.next_at))}
                >
                  {WEEKDAYS[s.day]} {s.time}
                </Button>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">
              Times in {slot.variant.best_times.time_zone}.
            </p>
          </div>

          {saveError ? (
            <Alert variant="destructive" title="Not saved">
              <p>{saveError}</p>
            </Alert>
          ) : null}

          <div className="grid gap-3">
            {canSchedule ? (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-when`}>Publish at (your time)</Label>
                <Input
                  id={`${id}-when`}
                  type="datetime-local"
                  value={when}
                  onChange={(e) => {
                    setWhen(e.target.value);
                    setWhenError(null);
                  }}
                  aria-invalid={whenError ? true : undefined}
                  aria-describedby={whenError ? `${id}-when-error` : undefined}
                  className="max-w-xs"
                />
                {whenError ? (
                  <p id={`${id}-when-error`} className="text-sm font-medium text-destructive">
                    {whenError}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {canSchedule ? (
                <Button
                  size="sm"
                  loading={saving === 'scheduled'}
                  disabled={busy || saving !== null || problems.length > 0}
                  onClick={() => void save('scheduled')}
                >
                  <CalendarPlus aria-hidden className="size-4" /> Schedule
                </Button>
              ) : null}
              {canSave ? (
                <Button
                  size="sm"
                  variant="outline"
                  loading={saving === 'draft'}
                  disabled={busy || saving !== null || problems.length > 0}
                  onClick={() => void save('draft')}
                >
                  <Save aria-hidden className="size-4" /> Save draft
                </Button>
              ) : null}
              <Button size="sm" variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden className="size-4" /> Copy
              </Button>
              {canSave ? (
                <Button size="sm" variant="ghost" disabled={busy} onClick={onRegenerate}>
                  <RefreshCw aria-hidden className="size-4" /> Regenerate
                </Button>
              ) : null}
              {slot.event ? (
                <Button asChild size="sm" variant="ghost">
                  <Link to={composerLinkFor(slot.event.id)}>
                    <ExternalLink aria-hidden className="size-4" /> Open in the composer
                  </Link>
                </Button>
              ) : null}
            </div>
            {slot.event?.status === 'scheduled' && slot.event.scheduled_for ? (
              <p className="flex items-center gap-1.5 text-sm text-success" role="status">
                <CalendarClock aria-hidden className="size-4" />
                Scheduled for {new Date(slot.event.scheduled_for).toLocaleString()}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </Card>
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
