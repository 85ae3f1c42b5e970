import type { Ref } from 'react';
import { PLATFORMS } from '#shared/contracts/account.contract.ts';
import type { EventStatus, EventType } from '#shared/contracts/calendar.contract.ts';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../../components/ui/input.tsx';
import { cn } from '../../../../lib/cn.ts';
import { quickStatuses, type EventFormErrors, type EventFormValues } from '../../lib/event-form.ts';
import { TYPE_LABELS } from '../../lib/post-rules.ts';
import { DateTimeFields } from '../date-time-fields.tsx';
import { PLATFORM_STYLES, StatusIcon } from '../event-style.tsx';

/** Types a person picks here; AI-generated content comes from the AI content area. */
const CREATABLE_TYPES: EventType[] = ['post', 'campaign', 'note'];

const choiceClasses = (chosen: boolean) =>
  cn(
    'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm',
    chosen ? 'border-primary bg-secondary' : 'border-input',
  );

interface FieldsProps {
  values: EventFormValues;
  errors: EventFormErrors;
  timeZone: string;
  /** The saved event's status; null for a new one (a draft until it goes to the composer). */
  current: EventStatus | null;
  titleRef: Ref<HTMLInputElement>;
  set<K extends keyof EventFormValues>(key: K, value: EventFormValues[K]): void;
  onChange(change: Partial<EventFormValues>): void;
}

/** The quick dialog's fields: type, title, content, platforms, date and time, and status. */
export function EventFormFields({
  values,
  errors,
  timeZone,
  current,
  titleRef,
  set,
  onChange,
}: FieldsProps) {
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Type</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Type">
          {(values.type === 'ai_generated' ? ['ai_generated' as const] : CREATABLE_TYPES).map(
            (type) => (
              <label key={type} className={choiceClasses(values.type === type)}>
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
        <PlatformFields values={values} error={errors.platforms} set={set} />
      ) : null}
      <DateTimeFields
        values={values}
        timeZone={timeZone}
        dateError={errors.when}
        onChange={onChange}
      />
      <StatusFields values={values} error={errors.status} current={current} set={set} />
    </>
  );
}

function PlatformFields({
  values,
  error,
  set,
}: Pick<FieldsProps, 'values' | 'set'> & { error: string | undefined }) {
  return (
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
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </fieldset>
  );
}

function StatusFields({
  values,
  error,
  current,
  set,
}: Pick<FieldsProps, 'values' | 'set' | 'current'> & { error: string | undefined }) {
  const statuses = quickStatuses(values.type, current);
  if (statuses.length < 2) {
    return values.type === 'note' ? (
      <p className="text-xs text-muted-foreground">
        A note stays on the calendar and is never published.
      </p>
    ) : (
      <p className="text-xs text-muted-foreground">
        It is saved as a draft.
        {values.type === 'post'
          ? ' To schedule it, continue in the composer and choose the accounts it goes to.'
          : ''}
      </p>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Status</legend>
      <div className="flex flex-wrap gap-2">
        {statuses.map((status) => (
          <label key={status} className={choiceClasses(values.status === status)}>
            <input
              type="radio"
              name="status"
              value={status}
              checked={values.status === status}
              onChange={() => set('status', status)}
              className="accent-primary"
            />
            <StatusIcon status={status} />
            {status === 'draft' ? 'Draft' : status === 'scheduled' ? 'Scheduled' : 'Cancelled'}
          </label>
        ))}
      </div>
      {values.type === 'note' ? (
        <p className="text-xs text-muted-foreground">
          A note stays on the calendar and is never published.
        </p>
      ) : values.status === 'scheduled' ? (
        <p className="text-xs text-muted-foreground">
          It will be published at this time to the accounts it goes to.
        </p>
      ) : null}
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </fieldset>
  );
}
