import type { Ref } from 'react';
import { MAX_FIRST_COMMENT_LENGTH } from '#shared/contracts/publishing.contract.ts';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../../components/ui/input.tsx';
import { cn } from '../../../../lib/cn.ts';
import type { TextCounts } from '../../lib/composer-model.ts';
import { TextCounter } from './text-counts.tsx';

interface FieldProps {
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
}

/** The calendar's title: not published; left empty, the text's first line is used. */
export function TitleField({
  inputRef,
  ...field
}: FieldProps & { inputRef: Ref<HTMLInputElement> }) {
  return (
    <FormField
      label="Title"
      error={field.error}
      hint="Shown on your calendar, not published. Left empty, the text’s first line is used."
    >
      <Input
        ref={inputRef}
        value={field.value}
        maxLength={250}
        disabled={field.disabled}
        placeholder="e.g. Spring menu launch"
        onChange={(e) => field.onChange(e.target.value)}
      />
    </FormField>
  );
}

/** The post's text, with its counts against each chosen platform's limits. */
export function TextField({
  inputRef,
  counts,
  countsId,
  ...field
}: FieldProps & { inputRef: Ref<HTMLTextAreaElement>; counts: TextCounts[]; countsId: string }) {
  return (
    <FormField
      label="Text"
      error={field.error}
      below={<TextCounter counts={counts} id={countsId} />}
    >
      <textarea
        ref={inputRef}
        value={field.value}
        rows={7}
        disabled={field.disabled}
        placeholder="What would you like to share?"
        onChange={(e) => field.onChange(e.target.value)}
        className={cn(inputClasses, 'h-auto min-h-40 resize-y leading-relaxed')}
      />
    </FormField>
  );
}

export function FirstCommentField(field: FieldProps) {
  return (
    <FormField
      label="First comment"
      optional
      error={field.error}
      hint="Posted as a comment right after the post goes out, e.g. to keep hashtags out of the caption."
    >
      <textarea
        value={field.value}
        rows={2}
        disabled={field.disabled}
        maxLength={MAX_FIRST_COMMENT_LENGTH + 200}
        onChange={(e) => field.onChange(e.target.value)}
        className={cn(inputClasses, 'h-auto min-h-16 resize-y')}
      />
    </FormField>
  );
}
