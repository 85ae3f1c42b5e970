import { useState } from 'react';
import type { CampaignPost } from '#shared/contracts/campaigns.contract.ts';
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
import { DateTimeFields } from '../../../posts/index.ts';
import type { NewPost } from '../../api/campaigns-api.ts';
import { FORMAT_LABELS } from '../../lib/format.ts';
import { formValuesOf, postOfForm, type PostFormValues } from '../../lib/post-form.ts';
import { MediaRequirementFields } from './media-requirement-fields.tsx';

const FORMATS = ['post', 'carousel', 'reel', 'story'] as const;
const textarea = cn(inputClasses, 'h-auto');

/** Edit a planned post, or add one by hand. */
export function PostDialog({
  open,
  post,
  accounts,
  defaultDate,
  timeZone,
  pending,
  error,
  onSave,
  onClose,
}: {
  open: boolean;
  /** The post to edit; null to add one. */
  post: CampaignPost | null;
  accounts: ReadonlyArray<{ id: string; label: string }>;
  defaultDate: string;
  timeZone: string;
  pending: boolean;
  error: string | null;
  onSave(post: NewPost): void;
  onClose(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      {open ? (
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          <PostForm
            post={post}
            accounts={accounts}
            defaultDate={defaultDate}
            timeZone={timeZone}
            pending={pending}
            error={error}
            onSave={onSave}
            onClose={onClose}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PostForm({
  post,
  accounts,
  defaultDate,
  timeZone,
  pending,
  error,
  onSave,
  onClose,
}: Omit<Parameters<typeof PostDialog>[0], 'open'>) {
  const [values, setValues] = useState<PostFormValues>(() =>
    formValuesOf(post, { date: defaultDate, connectionId: accounts[0]?.id ?? '', timeZone }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<PostFormValues>) => setValues((v) => ({ ...v, ...change }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const result = postOfForm(values, timeZone);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSave(result.post);
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{post ? 'Edit post' : 'Add a post'}</DialogTitle>
        <DialogDescription>
          {post
            ? 'Change what this post says, when and where it goes.'
            : 'A post of your own in the plan.'}
        </DialogDescription>
      </DialogHeader>
      <DateTimeFields
        values={{ date: values.date, time: values.time }}
        timeZone={timeZone}
        dateError={errors['date']}
        onChange={set}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Account" error={errors['connectionId']}>
          <select
            className={inputClasses}
            value={values.connectionId}
            onChange={(e) => set({ connectionId: e.target.value })}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Format">
          <select
            className={inputClasses}
            value={values.format}
            onChange={(e) => set({ format: e.target.value as PostFormValues['format'] })}
          >
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label="Caption">
        <textarea
          rows={5}
          maxLength={2200}
          className={textarea}
          value={values.caption}
          onChange={(e) => set({ caption: e.target.value })}
        />
      </FormField>
      <FormField label="Hashtags" hint="Separated by spaces" optional>
        <Input value={values.hashtags} onChange={(e) => set({ hashtags: e.target.value })} />
      </FormField>
      <FormField label="First comment" optional>
        <textarea
          rows={2}
          maxLength={2200}
          className={textarea}
          value={values.firstComment}
          onChange={(e) => set({ firstComment: e.target.value })}
        />
      </FormField>
      <MediaRequirementFields
        value={values.media}
        error={errors['media.description']}
        onChange={(media) => set({ media })}
      />
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {post ? 'Save post' : 'Add post'}
        </Button>
      </DialogFooter>
    </form>
  );
}
