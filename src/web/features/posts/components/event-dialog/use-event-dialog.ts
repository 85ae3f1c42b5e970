import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useDeletePost } from '../../api/use-delete-post.ts';
import { usePostDeliveries } from '../../api/use-post-deliveries.ts';
import { useSavePost } from '../../api/use-save-post.ts';
import { duplicateBody } from '../../lib/duplicate-post.ts';
import {
  formErrorsFromServer,
  quickSaveBody,
  validateEventForm,
  valuesOf,
  type EventFormErrors,
  type EventFormValues,
} from '../../lib/event-form.ts';

export type EventDialogState =
  { kind: 'create'; values: EventFormValues } | { kind: 'edit'; event: CalendarEvent };

/** What the quick dialog's buttons are busy with. */
export type EventDialogBusy = null | 'save' | 'duplicate' | 'delete';

interface Handlers {
  onClose(): void;
  /** Opens another event (the copy made by Duplicate). */
  onOpenEvent(event: CalendarEvent): void;
  /** The title field, focused when the title is what is wrong. */
  focusTitle(): void;
}

/**
 * The quick dialog's form: what is typed, the errors beside each field, and save, duplicate and
 * delete, each one request to /api/posts (docs/decisions/087). What was typed stays when the
 * server refuses; its reasons go next to their fields.
 */
export function useEventDialog(state: EventDialogState, timeZone: string, handlers: Handlers) {
  const event = state.kind === 'edit' ? state.event : null;
  const [values, setValues] = useState<EventFormValues>(() =>
    state.kind === 'edit' ? valuesOf(state.event, timeZone) : state.values,
  );
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSavePost();
  const remove = useDeletePost();
  const deliveries = usePostDeliveries(event?.id ?? null);
  const [duplicating, setDuplicating] = useState(false);
  const busy: EventDialogBusy = remove.isPending
    ? 'delete'
    : duplicating
      ? 'duplicate'
      : save.isPending
        ? 'save'
        : null;

  function set<K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) {
    setValues((v) => {
      const next = { ...v, [key]: value };
      // A note is never published: switching to one takes it back to a draft.
      if (key === 'type' && value === 'note' && next.status === 'scheduled') next.status = 'draft';
      return next;
    });
  }

  /** The form checked as the server would; false (with the errors shown) when it is not ready. */
  function checked(): boolean {
    setFormError(null);
    const found = validateEventForm(values, timeZone);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    if (found.title) handlers.focusTitle();
    return false;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!checked()) return;
    try {
      await save.mutateAsync({ id: event?.id ?? null, body: quickSaveBody(values, timeZone) });
      toast.success(
        event ? 'Changes saved' : values.type === 'note' ? 'Note added' : 'Added to the calendar',
      );
      handlers.onClose();
    } catch (error) {
      const serverFields = fieldErrorsOf(error);
      const fields = formErrorsFromServer(serverFields);
      setErrors(fields);
      // A reason about no field of this form (its accounts) is said above it.
      if (Object.keys(fields).length === 0) {
        setFormError(Object.values(serverFields)[0] ?? userMessageOf(error));
      }
    }
  }

  async function duplicate() {
    if (!event) return;
    setDuplicating(true);
    setFormError(null);
    try {
      const copy = await save.mutateAsync({
        id: null,
        body: duplicateBody(event, deliveries.data ?? []),
      });
      toast.success('Duplicated as a draft');
      handlers.onOpenEvent(copy);
    } catch (error) {
      setFormError(userMessageOf(error));
    } finally {
      setDuplicating(false);
    }
  }

  /** Deletes the event; false when the server refused (the reason is shown). */
  async function deleteEvent(): Promise<boolean> {
    if (!event) return false;
    try {
      await remove.mutateAsync(event.id);
      toast.success('Deleted');
      handlers.onClose();
      return true;
    } catch (error) {
      setFormError(userMessageOf(error));
      return false;
    }
  }

  return {
    event,
    values,
    setValues,
    set,
    errors,
    formError,
    busy,
    /** Duplicate copies the accounts too: offered once they are read. */
    deliveriesRead: event === null || !deliveries.isPending,
    checked,
    submit,
    duplicate,
    deleteEvent,
  };
}
