import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CalendarClock, CalendarPlus, Copy, ExternalLink, RefreshCw, Save } from 'lucide-react';
import { toast } from 'sonner';
import {
  composePostText,
  type GenerateOptions,
  type SaveVariantInput,
} from '#shared/contracts/ai-content.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { checkTextLimits, countHashtags, hashtagCap, limitsFor } from '#shared/platform-limits.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { composerLinkFor } from '../../posts/index.ts';
import type { Slot } from '../lib/generation-state.ts';
import {
  Adjustments,
  BestTimes,
  CaptionEditor,
  HashtagPicker,
  toLocalInput,
} from './variant-parts.tsx';

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
  /** Saves the variant as its post; the event it was saved as. */
  onSave: (body: SaveVariantInput) => Promise<CalendarEvent | null>;
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
  const navigate = useNavigate();
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

  /**
   * Save draft keeps the post's time. Schedule saves it at the time chosen and opens it in the
   * composer to choose its accounts and schedule it there (nothing is scheduled without one,
   * docs/decisions/087); a post scheduled already stays so, with the text as edited here.
   */
  async function save(intent: 'draft' | 'scheduled') {
    setSaveError(null);
    setWhenError(null);
    let scheduledFor: string | undefined;
    if (intent === 'scheduled') {
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
    const status =
      intent === 'scheduled' && slot.event?.status === 'scheduled' ? 'scheduled' : 'draft';
    setSaving(intent);
    try {
      const event = await onSave({
        caption: slot.caption,
        hashtags: slot.hashtags,
        status,
        ...(scheduledFor ? { scheduled_for: scheduledFor } : {}),
      });
      if (intent === 'scheduled' && event) void navigate(composerLinkFor(event.id));
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
          <CaptionEditor
            id={id}
            slot={slot}
            text={text}
            tagCount={tagCount}
            limits={limits}
            cap={cap}
            problems={problems}
            canSave={canSave}
            onEdit={onEdit}
          />

          <HashtagPicker
            slot={slot}
            variant={slot.variant}
            tagCount={tagCount}
            max={limits.hashtagMax ?? cap}
            canSave={canSave}
            onToggleTag={onToggleTag}
          />

          <Adjustments variant={slot.variant} />

          <BestTimes
            variant={slot.variant}
            when={when}
            canSchedule={canSchedule}
            onPick={setWhen}
          />

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
