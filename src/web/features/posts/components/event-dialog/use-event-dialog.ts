import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Platform } from '#shared/contracts/account.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useCreatePost } from '../../api/use-create-post.ts';
import { useDeletePost } from '../../api/use-delete-post.ts';
import { useUpdatePost } from '../../api/use-update-post.ts';
import {
  formErrorsFromServer,
  toCreateInput,
  toUpdateInput,
  validateEventForm,
  valuesOf,
  type EventFormErrors,
  type EventFormValues,
} from '../../lib/event-form.ts';
import { PLATFORM_STYLES } from '../event-style.tsx';

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
 * delete. What was typed stays when the server refuses; its reasons go next to their fields.
 */
export function useEventDialog(state: EventDialogState, timeZone: string, handlers: Handlers) {
  const event = state.kind === 'edit' ? state.event : null;
  const [values, setValues] = useState<EventFormValues>(() =>
    state.kind === 'edit' ? valuesOf(state.event, timeZone) : state.values,
  );
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreatePost();
  const update = useUpdatePost();
  const remove = useDeletePost();
  const [duplicating, setDuplicating] = useState(false);
  const busy: EventDialogBusy = remove.isPending
    ? 'delete'
    : duplicating
      ? 'duplicate'
      : create.isPending || update.isPending
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = validateEventForm(values, timeZone);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.title) handlers.focusTitle();
      return;
    }
    try {
      if (event) {
        await update.mutateAsync({ id: event.id, changes: toUpdateInput(values, timeZone) });
        toast.success('Changes saved');
      } else {
        await create.mutateAsync(toCreateInput(values, timeZone));
        toast.success(values.type === 'note' ? 'Note added' : 'Added to the calendar');
      }
      handlers.onClose();
    } catch (error) {
      const fields = formErrorsFromServer(fieldErrorsOf(error));
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(userMessageOf(error));
    }
  }

  async function duplicate() {
    if (!event) return;
    setDuplicating(true);
    setFormError(null);
    try {
      const copy = await create.mutateAsync({
        title: event.title,
        content: event.content,
        platforms: event.platforms.filter((p): p is Platform => p in PLATFORM_STYLES),
        type: event.type,
        // A copy is a draft: it is not published until someone schedules it.
        status: 'draft',
        scheduled_for: event.scheduled_for,
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
    submit,
    duplicate,
    deleteEvent,
  };
}
