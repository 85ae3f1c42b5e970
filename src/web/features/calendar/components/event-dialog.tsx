import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ExternalLink, PenSquare, Send } from 'lucide-react';
import { PLATFORMS, type Platform } from '#shared/contracts/account.contract.ts';
import type { CalendarEvent, EventType } from '#shared/contracts/calendar.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { createEvent, deleteEvent, updateEvent, usePlatformPosts } from '../api/calendar-api.ts';
import {
  choosableStatuses,
  isLocked,
  needsAttention,
  STATUS_LABELS,
  TYPE_LABELS,
} from '../lib/calendar-model.ts';
import {
  formErrorsFromServer,
  toCreateInput,
  toUpdateInput,
  validateEventForm,
  valuesOf,
  type EventFormErrors,
  type EventFormValues,
} from '../lib/event-form.ts';
import { formatDateTime } from '../lib/format.ts';
import { zoneAbbreviation } from '../lib/time-zone.ts';
import { DateTimeFields } from './date-time-fields.tsx';
import { PLATFORM_STYLES, StatusIcon, platformNames } from './event-style.tsx';
import { canPublishNow, PublishNowConfirm } from '../../composer/components/publish-now.tsx';
import { isComposerPost } from '../../composer/lib/composer-model.ts';

export type EventDialogState =
  { kind: 'create'; values: EventFormValues } | { kind: 'edit'; event: CalendarEvent };

interface EventDialogProps {
  state: EventDialogState | null;
  onClose(): void;
  timeZone: string;
  permissions: { create: boolean; update: boolean; delete: boolean; publish: boolean };
  /** After any write: the calendar reloads. */
  onChanged(): void;
  /** Opens another event (the copy made by Duplicate). */
  onOpenEvent(event: CalendarEvent): void;
  /** Opens a post in the composer (media, accounts, previews). */
  onOpenComposer(event: CalendarEvent): void;
}

/** Types a person picks here; AI-generated content comes from the AI content area. */
const CREATABLE_TYPES: EventType[] = ['post', 'campaign', 'note'];

export function EventDialog({ state, ...props }: EventDialogProps) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      {state ? (
        <DialogContent className="max-w-xl">
          <EventDialogBody
            key={state.kind === 'edit' ? state.event.id : 'create'}
            state={state}
            {...props}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EventDialogBody({
  state,
  onClose,
  timeZone,
  permissions,
  onChanged,
  onOpenEvent,
  onOpenComposer,
}: EventDialogProps & { state: EventDialogState }) {
  const event = state.kind === 'edit' ? state.event : null;
  const locked = event !== null && isLocked(event);
  const editable = event ? permissions.update && !locked : permissions.create;
  const [values, setValues] = useState<EventFormValues>(() =>
    state.kind === 'edit' ? valuesOf(state.event, timeZone) : state.values,
  );
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'save' | 'duplicate' | 'delete'>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  const composable = event !== null && isComposerPost(event) && event.status !== 'unconfirmed';
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const zone = `${timeZone} (${zoneAbbreviation(new Date(), timeZone)})`;

  useEffect(() => {
    if (confirmingDelete) confirmRef.current?.focus();
  }, [confirmingDelete]);

  function set<K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) {
    setValues((v) => {
      const next = { ...v, [key]: value };
      // A note is never published: switching to one takes it back to a draft.
      if (key === 'type' && value === 'note' && next.status === 'scheduled') next.status = 'draft';
      return next;
    });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = validateEventForm(values, timeZone);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.title) titleRef.current?.focus();
      return;
    }
    setBusy('save');
    try {
      if (event) {
        await updateEvent(event.id, toUpdateInput(values, timeZone));
        toast.success('Changes saved');
      } else {
        await createEvent(toCreateInput(values, timeZone));
        toast.success(values.type === 'note' ? 'Note added' : 'Added to the calendar');
      }
      onChanged();
      onClose();
    } catch (error) {
      // What was typed stays; the server's reasons go next to their fields.
      const fields = formErrorsFromServer(fieldErrorsOf(error));
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(userMessageOf(error));
    } finally {
      setBusy(null);
    }
  }

  async function onDuplicate() {
    if (!event) return;
    setBusy('duplicate');
    setFormError(null);
    try {
      const copy = await createEvent({
        title: event.title,
        content: event.content,
        platforms: event.platforms.filter((p): p is Platform => p in PLATFORM_STYLES),
        type: event.type,
        // A copy is a draft: it is not published until someone schedules it.
        status: 'draft',
        scheduled_for: event.scheduled_for,
      });
      toast.success('Duplicated as a draft');
      onChanged();
      onOpenEvent(copy);
    } catch (error) {
      setFormError(userMessageOf(error));
    } finally {
      setBusy(null);
    }
  }

  async function onDelete() {
    if (!event) return;
    setBusy('delete');
    try {
      await deleteEvent(event.id);
      toast.success('Deleted');
      onChanged();
      onClose();
    } catch (error) {
      setFormError(userMessageOf(error));
      setConfirmingDelete(false);
    } finally {
      setBusy(null);
    }
  }

  const statuses = choosableStatuses(values.type);

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {event ? (editable ? 'Edit' : event.title) : 'New'}{' '}
          {editable ? (values.type === 'note' ? 'note' : 'post') : ''}
        </DialogTitle>
        <DialogDescription>
          {event?.scheduled_for ? (
            <>
              {formatDateTime(new Date(event.scheduled_for), timeZone)} · {TYPE_LABELS[event.type]}
            </>
          ) : (
            <>Times are in {zone}.</>
          )}
        </DialogDescription>
      </DialogHeader>

      {event ? (
        <div className="flex flex-wrap items-center gap-2">
          <Badge
            variant="outline"
            className={cn('gap-1', event.status === 'cancelled' ? 'line-through' : '')}
          >
            <StatusIcon status={event.status} />
            {STATUS_LABELS[event.status]}
          </Badge>
          {event.platforms.length > 0 ? (
            <Badge variant="secondary">{platformNames(event.platforms)}</Badge>
          ) : null}
        </div>
      ) : null}

      {event && (needsAttention(event) || locked) ? <Deliveries event={event} /> : null}
      {locked ? (
        <Alert variant="info" title="This post is already on its way out">
          Published posts are not changed from the calendar, so the calendar always matches what
          people see. You can duplicate it to post it again.
        </Alert>
      ) : null}
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}

      {editable ? (
        <form id={`${ids}-form`} noValidate onSubmit={onSubmit} className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Type</legend>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Type">
              {(values.type === 'ai_generated' ? ['ai_generated' as const] : CREATABLE_TYPES).map(
                (type) => (
                  <label
                    key={type}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm',
                      values.type === type ? 'border-primary bg-secondary' : 'border-input',
                    )}
                  >
                    <input
                      type="radio"
                      name="type"
                      value={type}
                      checked={values.type === type}
                      onChange={() => set('type', type)}
                      className="accent-primary"
                    />
                    {TYPE_LABELS[type]}
                  </label>
                ),
              )}
            </div>
          </fieldset>
          <FormField label="Title" error={errors.title}>
            <Input
              ref={titleRef}
              value={values.title}
              maxLength={250}
              autoFocus
              onChange={(e) => set('title', e.target.value)}
            />
          </FormField>
          <FormField
            label={values.type === 'note' ? 'Note' : 'Content'}
            error={errors.content}
            optional
          >
            <textarea
              value={values.content}
              rows={4}
              onChange={(e) => set('content', e.target.value)}
              className={cn(inputClasses, 'h-auto min-h-24 resize-y')}
            />
          </FormField>
          {values.type !== 'note' ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Platforms</legend>
              <div className="flex flex-wrap gap-3">
                {PLATFORMS.map((platform) => (
                  <label key={platform} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={values.platforms.includes(platform)}
                      onChange={(e) =>
                        set(
                          'platforms',
                          e.target.checked
                            ? [...values.platforms, platform]
                            : values.platforms.filter((p) => p !== platform),
                        )
                      }
                    />
                    <span
                      aria-hidden
                      className={cn('h-3 w-1 rounded-full', PLATFORM_STYLES[platform].stripe)}
                    />
                    {PLATFORM_STYLES[platform].label}
                  </label>
                ))}
              </div>
              {errors.platforms ? (
                <p className="text-sm font-medium text-destructive">{errors.platforms}</p>
              ) : null}
            </fieldset>
          ) : null}
          <DateTimeFields
            values={values}
            timeZone={timeZone}
            dateError={errors.when}
            onChange={(change) => setValues((v) => ({ ...v, ...change }))}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Status</legend>
            <div className="flex flex-wrap gap-2">
              {statuses
                .filter((s) => event !== null || s !== 'cancelled')
                .map((status) => (
                  <label
                    key={status}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm',
                      values.status === status ? 'border-primary bg-secondary' : 'border-input',
                    )}
                  >
                    <input
                      type="radio"
                      name="status"
                      value={status}
                      checked={values.status === status}
                      onChange={() => set('status', status)}
                      className="accent-primary"
                    />
                    <StatusIcon status={status} />
                    {status === 'draft'
                      ? 'Save as draft'
                      : status === 'scheduled'
                        ? 'Schedule'
                        : 'Cancelled'}
                  </label>
                ))}
            </div>
            {values.type === 'note' ? (
              <p className="text-xs text-muted-foreground">
                A note stays on the calendar and is never published.
              </p>
            ) : values.status === 'scheduled' ? (
              <p className="text-xs text-muted-foreground">
                It will be published at this time to the accounts chosen in the composer.
              </p>
            ) : null}
            {errors.status ? (
              <p className="text-sm font-medium text-destructive">{errors.status}</p>
            ) : null}
          </fieldset>
        </form>
      ) : event ? (
        <div className="grid gap-2 text-sm">
          {event.content ? (
            <p className="whitespace-pre-wrap text-foreground">{event.content}</p>
          ) : null}
        </div>
      ) : null}

      {confirmingDelete ? (
        <div
          role="alertdialog"
          aria-labelledby={`${ids}-confirm`}
          className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3"
        >
          <p id={`${ids}-confirm`} className="text-sm font-medium">
            Delete “{event?.title}”? This cannot be undone.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setConfirmingDelete(false)}>
              Keep it
            </Button>
            <Button
              ref={confirmRef}
              variant="destructive"
              size="sm"
              loading={busy === 'delete'}
              onClick={() => void onDelete()}
            >
              Delete
            </Button>
          </div>
        </div>
      ) : null}

      {event && confirmingPublish ? (
        <PublishNowConfirm
          event={event}
          onCancel={() => setConfirmingPublish(false)}
          onPublished={() => {
            onChanged();
            onClose();
          }}
          onOpenComposer={() => onOpenComposer(event)}
        />
      ) : null}

      {event && composable && editable ? (
        <div className="flex flex-wrap gap-2 border-t border-border pt-3">
          <Button variant="secondary" size="sm" onClick={() => onOpenComposer(event)}>
            <PenSquare aria-hidden className="size-4" /> Open in composer
          </Button>
          {permissions.publish && canPublishNow(event) && !confirmingPublish ? (
            <Button variant="outline" size="sm" onClick={() => setConfirmingPublish(true)}>
              <Send aria-hidden className="size-4" /> Publish now
            </Button>
          ) : null}
        </div>
      ) : null}

      <DialogFooter className="sm:justify-between">
        <div className="flex flex-wrap gap-2">
          {event && permissions.delete && !confirmingDelete ? (
            <Button
              variant="ghost"
              className="text-destructive"
              onClick={() => setConfirmingDelete(true)}
            >
              Delete
            </Button>
          ) : null}
          {event && permissions.create ? (
            <Button
              variant="outline"
              loading={busy === 'duplicate'}
              onClick={() => void onDuplicate()}
            >
              Duplicate
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onClose}>
            {editable ? 'Cancel' : 'Close'}
          </Button>
          {editable ? (
            <Button type="submit" form={`${ids}-form`} loading={busy === 'save'}>
              {event ? 'Save changes' : values.status === 'scheduled' ? 'Schedule' : 'Save'}
            </Button>
          ) : null}
        </div>
      </DialogFooter>
    </>
  );
}

/** Each platform's delivery: the permalink once out, or the reason it failed. */
function Deliveries({ event }: { event: CalendarEvent }) {
  const query = usePlatformPosts(event.id);
  const attention = needsAttention(event);
  if (query.isPending) return <Skeleton className="h-16 w-full" />;
  if (query.isError) {
    return <Alert variant="destructive">{userMessageOf(query.error)}</Alert>;
  }
  const posts = query.data;
  if (attention) {
    const reasons = posts.filter((p) => p.last_error);
    return (
      <Alert
        variant={event.status === 'failed' ? 'destructive' : 'warning'}
        title={
          event.status === 'failed' ? 'This post was not published' : 'Publishing is not confirmed'
        }
      >
        {reasons.length > 0 ? (
          <ul className="grid gap-1">
            {reasons.map((p) => (
              <li key={p.id}>
                <span className="font-medium">{PLATFORM_STYLES[p.platform].label}:</span>{' '}
                {p.last_error}
                {p.attempts > 1 ? ` (after ${p.attempts} attempts)` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>
            {event.status === 'failed'
              ? 'No reason was recorded for this failure.'
              : 'The platform did not confirm the post. Check the platform before posting it again.'}
          </p>
        )}
      </Alert>
    );
  }
  const links = posts.filter((p) => p.permalink);
  if (links.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm">
      {links.map((p) => (
        <li key={p.id}>
          <a
            href={p.permalink!}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-link hover:underline"
          >
            View on {PLATFORM_STYLES[p.platform].label}{' '}
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
