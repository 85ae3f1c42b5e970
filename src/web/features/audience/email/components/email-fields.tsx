import type { Segment } from '#shared/contracts/audience.contract.ts';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../../components/ui/input.tsx';
import type { EmailReach } from '../api/email-api.ts';
import type { EmailFormErrors, EmailFormValues } from '../lib/email-form.ts';
import { EMAIL_LIMITS } from '../lib/rules.ts';
import { BodyField } from './body-field.tsx';
import { ReachNote } from './reach-note.tsx';

// The fields of a draft e-mail: name, segment (with whom it reaches), subject, preheader, body
// and click tracking.

export function EmailFields({
  values,
  errors,
  segments,
  reach,
  disabled,
  onChange,
}: {
  values: EmailFormValues;
  errors: EmailFormErrors;
  segments: Segment[];
  reach: { data: EmailReach | undefined; loading: boolean; failed: boolean };
  disabled: boolean;
  onChange(patch: Partial<EmailFormValues>): void;
}) {
  const chosenGone = values.segmentId !== null && !segments.some((s) => s.id === values.segmentId);
  return (
    <div className="grid gap-5">
      <FormField
        label="Name"
        error={errors.name}
        hint="For you only: how the e-mail is listed. Contacts see the subject."
      >
        <Input
          value={values.name}
          maxLength={EMAIL_LIMITS.nameLength}
          disabled={disabled}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </FormField>
      <div className="grid gap-2">
        <FormField label="Segment" error={errors.segmentId}>
          <select
            value={values.segmentId ?? ''}
            disabled={disabled}
            onChange={(e) => onChange({ segmentId: e.target.value === '' ? null : e.target.value })}
            className={inputClasses}
          >
            <option value="">Choose a segment…</option>
            {chosenGone ? (
              <option value={values.segmentId!}>A segment no longer saved</option>
            ) : null}
            {segments.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.count} {s.count === 1 ? 'contact' : 'contacts'})
              </option>
            ))}
          </select>
        </FormField>
        {values.segmentId !== null ? (
          <ReachNote reach={reach.data} loading={reach.loading} failed={reach.failed} />
        ) : null}
      </div>
      <FormField label="Subject" error={errors.subject}>
        <Input
          value={values.subject}
          maxLength={EMAIL_LIMITS.subjectLength}
          disabled={disabled}
          onChange={(e) => onChange({ subject: e.target.value })}
        />
      </FormField>
      <FormField
        label="Preheader"
        optional
        error={errors.preheader}
        hint="The line many mail apps show after the subject."
      >
        <Input
          value={values.preheader}
          maxLength={EMAIL_LIMITS.preheaderLength}
          disabled={disabled}
          onChange={(e) => onChange({ preheader: e.target.value })}
        />
      </FormField>
      <BodyField
        value={values.body}
        error={errors.body}
        disabled={disabled}
        onChange={(body) => onChange({ body })}
      />
      <label className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring/40">
        <input
          type="checkbox"
          role="switch"
          className="peer sr-only"
          checked={values.clickTracking}
          disabled={disabled}
          onChange={(e) => onChange({ clickTracking: e.target.checked })}
        />
        <span
          aria-hidden
          className="relative mt-0.5 inline-flex h-5 w-9 shrink-0 rounded-full bg-input transition-colors peer-checked:bg-primary after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-background after:shadow after:transition-transform peer-checked:after:translate-x-4"
        />
        <span className="grid gap-0.5">
          <span className="text-sm font-medium text-foreground">Count clicks</span>
          <span className="text-xs text-muted-foreground">
            Links go through our own address first, so you see who clicked.
          </span>
        </span>
      </label>
    </div>
  );
}
