import { useId, useRef, useState } from 'react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { cn } from '../../../../lib/cn.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { zoneAbbreviation } from '../../../../lib/zoned-time.ts';
import type { EventFormValues } from '../../lib/event-form.ts';
import {
  isLocked,
  lockedNoticeTitle,
  needsAttention,
  STATUS_LABELS,
  TYPE_LABELS,
} from '../../lib/post-rules.ts';
import { platformNames, StatusIcon } from '../event-style.tsx';
import { Deliveries } from './deliveries.tsx';
import { ConfirmDelete, EventDialogFooter } from './event-dialog-footer.tsx';
import { EventFormFields } from './event-form-fields.tsx';
import { useEventDialog, type EventDialogState } from './use-event-dialog.ts';

// The calendar's quick dialog (docs/decisions/073, 087): notes, campaigns and drafts planned
// without accounts are written here. A post to schedule continues in the composer with what was
// typed, since nothing is scheduled without an account. It is also the read view of a post on
// its way out, out, or waiting for the platform's answer: its links or the reasons it failed,
// Duplicate and Delete. Every other post opens in the composer.

export type { EventDialogState } from './use-event-dialog.ts';

interface EventDialogProps {
  state: EventDialogState | null;
  onClose(): void;
  timeZone: string;
  permissions: { create: boolean; update: boolean; delete: boolean };
  /** Opens another event (the copy made by Duplicate). */
  onOpenEvent(event: CalendarEvent): void;
  /** A new post continues in the composer with what was typed here. */
  onContinueInComposer(values: EventFormValues): void;
}

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
  onOpenEvent,
  onContinueInComposer,
}: EventDialogProps & { state: EventDialogState }) {
  const titleRef = useRef<HTMLInputElement>(null);
  const form = useEventDialog(state, timeZone, {
    onClose,
    onOpenEvent,
    focusTitle: () => titleRef.current?.focus(),
  });
  const { event, values } = form;
  const locked = event !== null && isLocked(event);
  const editable = event ? permissions.update && !locked : permissions.create;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const ids = useId();
  const zone = `${timeZone} (${zoneAbbreviation(new Date(), timeZone)})`;

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
        <Alert variant="info" title={lockedNoticeTitle(event?.status ?? 'publishing')}>
          Published posts are not changed from the calendar, so the calendar always matches what
          people see. You can duplicate it to post it again.
        </Alert>
      ) : null}
      {form.formError ? <Alert variant="destructive">{form.formError}</Alert> : null}

      {editable ? (
        <form
          id={`${ids}-form`}
          noValidate
          onSubmit={(e) => void form.submit(e)}
          className="grid gap-4"
        >
          <EventFormFields
            values={values}
            errors={form.errors}
            timeZone={timeZone}
            current={event?.status ?? null}
            titleRef={titleRef}
            set={form.set}
            onChange={(change) => form.setValues((v) => ({ ...v, ...change }))}
          />
        </form>
      ) : event ? (
        <div className="grid gap-2 text-sm">
          {event.content ? (
            <p className="whitespace-pre-wrap text-foreground">{event.content}</p>
          ) : null}
        </div>
      ) : null}

      {confirmingDelete ? (
        <ConfirmDelete
          id={`${ids}-confirm`}
          title={event?.title}
          busy={form.busy === 'delete'}
          onKeep={() => setConfirmingDelete(false)}
          onDelete={() =>
            void form.deleteEvent().then((deleted) => {
              if (!deleted) setConfirmingDelete(false);
            })
          }
        />
      ) : null}

      <EventDialogFooter
        formId={`${ids}-form`}
        existing={event !== null}
        editable={editable}
        canDelete={permissions.delete && !confirmingDelete}
        canDuplicate={permissions.create && form.deliveriesRead}
        saveLabel={event ? 'Save changes' : values.type === 'note' ? 'Save' : 'Save draft'}
        onContinue={
          event === null && values.type === 'post'
            ? () => {
                if (form.checked()) onContinueInComposer(values);
              }
            : null
        }
        busy={form.busy}
        onDelete={() => setConfirmingDelete(true)}
        onDuplicate={() => void form.duplicate()}
        onClose={onClose}
      />
    </>
  );
}
