import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  INBOX_LIMITS,
  SAVED_REPLY_VARIABLES,
  savedReplyInputSchema,
  type SavedReply,
} from '#shared/contracts/inbox.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../../components/ui/input.tsx';
import { cn } from '../../../../lib/cn.ts';
import { applyServerErrors } from '../../../auth/index.ts';
import { useSaveSavedReply } from '../../api/use-inbox-config.ts';

type Values = z.input<typeof savedReplyInputSchema>;

/** Write or edit a saved reply; the server's refusal is shown under its field, nothing is lost. */
export function SavedReplyDialog({
  editing,
  onClose,
}: {
  editing: SavedReply | 'new' | null;
  onClose(): void;
}) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {editing ? (
        <DialogContent>
          <SavedReplyForm reply={editing === 'new' ? null : editing} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function SavedReplyForm({ reply, onClose }: { reply: SavedReply | null; onClose(): void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(savedReplyInputSchema),
    defaultValues: { title: reply?.title ?? '', body: reply?.body ?? '' },
  });
  const save = useSaveSavedReply();
  const errors = form.formState.errors;
  return (
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        save.mutate(
          { id: reply?.id ?? null, title: values.title, body: values.body },
          {
            onSuccess: onClose,
            onError: (error) =>
              setFormError(applyServerErrors(error, form.setError, ['title', 'body'])),
          },
        );
      })}
    >
      <DialogHeader>
        <DialogTitle>{reply ? 'Edit saved reply' : 'New saved reply'}</DialogTitle>
        <DialogDescription>
          Use {SAVED_REPLY_VARIABLES.join(' and ')} for the person’s first name and your business
          name.
        </DialogDescription>
      </DialogHeader>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <FormField label="Title" error={errors.title?.message}>
        <Input {...form.register('title')} maxLength={80} placeholder="Opening hours" />
      </FormField>
      <FormField label="Reply" error={errors.body?.message}>
        <textarea
          {...form.register('body')}
          rows={5}
          maxLength={INBOX_LIMITS.savedReplyChars}
          placeholder="Hi {first_name}, thanks for asking! {business_name} is open every day from 8 to 18."
          className={cn(inputClasses, 'h-auto min-h-28 resize-y')}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
