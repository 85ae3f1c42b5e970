import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  isValidTimeZone,
  PLATFORMS,
  updateBusinessProfileInputSchema,
  type BusinessProfile,
} from '#shared/contracts/account.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { accountKeys, accountSecurityApi } from '../../account/index.ts';
import { applyServerErrors, useAuth } from '../../auth/index.ts';
import { browserTimeZone, DEFAULT_TIME_ZONE } from '../../../lib/time-zone.ts';
import {
  FIELDS,
  formSchema,
  PLATFORM_LABELS,
  toFormValues,
  WEEKDAYS,
  type FormValues,
} from '../lib/business-profile-model.ts';
import { TimeZoneField } from './time-zone-field.tsx';

/**
 * The browser's zone, for a business still on the installation's default that nobody has edited
 * since sign-up: its time zone was never chosen (docs/decisions/036). Null otherwise, so a zone
 * someone chose, UTC included, is never replaced.
 */
export function suggestedTimeZone(
  profile: Pick<BusinessProfile, 'time_zone' | 'created_at' | 'updated_at'>,
  browserZone: string | null = browserTimeZone(),
): string | null {
  if (profile.time_zone !== DEFAULT_TIME_ZONE || profile.created_at !== profile.updated_at) {
    return null;
  }
  if (!browserZone || browserZone === DEFAULT_TIME_ZONE || !isValidTimeZone(browserZone)) {
    return null;
  }
  return browserZone;
}

const textareaClasses = cn(inputClasses, 'h-auto min-h-24 resize-y');

export function BusinessProfileForm({
  profile,
  readOnly = false,
}: {
  profile: BusinessProfile;
  /** For roles that may read the profile but not change it: the server would refuse a save. */
  readOnly?: boolean;
}) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // Someone who may not save is shown what is stored, not a suggestion.
  const [suggestedZone] = useState(() => (readOnly ? null : suggestedTimeZone(profile)));
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: toFormValues(profile, suggestedZone),
  });
  const hours = useFieldArray({ control: form.control, name: 'posting_hours' });
  const chosenZone = useWatch({ control: form.control, name: 'time_zone' });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const input = updateBusinessProfileInputSchema.parse({
        ...values,
        industry: values.industry || null,
        description: values.description || null,
        brand_voice: values.brand_voice || null,
        target_audience: values.target_audience || null,
      });
      return accountSecurityApi.updateBusinessProfile(input);
    },
    onSuccess: async (next) => {
      queryClient.setQueryData(accountKeys.businessProfile(next.user_id), next);
      form.reset(toFormValues(next));
      toast.success('Business profile saved.');
      await auth.reloadAccount();
    },
    onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Business profile</CardTitle>
        <CardDescription>
          Used to write captions in your voice and to schedule posts at the right times.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Business profile"
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            save.mutate(values);
          })}
        >
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          {readOnly ? (
            <Alert variant="info">Only the business owner can change the business profile.</Alert>
          ) : null}
          <fieldset disabled={readOnly} className="contents">
            <div className="grid gap-5 md:grid-cols-2">
              <FormField label="Business name" error={errors.business_name?.message}>
                <Input autoComplete="organization" {...form.register('business_name')} />
              </FormField>
              <FormField label="Industry" optional error={errors.industry?.message}>
                <Input placeholder="e.g. Bakery, Fitness, Retail" {...form.register('industry')} />
              </FormField>
              <FormField label="Website" optional error={errors.website?.message}>
                <Input type="url" placeholder="https://" {...form.register('website')} />
              </FormField>
              <FormField
                label="Time zone"
                error={errors.time_zone?.message}
                hint={
                  suggestedZone && chosenZone === suggestedZone && profile.time_zone !== chosenZone
                    ? `Taken from this browser. Posts are planned in ${profile.time_zone} until you save.`
                    : undefined
                }
              >
                <TimeZoneField control={form.control} disabled={readOnly} />
              </FormField>
            </div>
            <FormField label="Description" optional error={errors.description?.message}>
              <textarea
                className={textareaClasses}
                placeholder="What you sell, where, and what makes you different."
                {...form.register('description')}
              />
            </FormField>
            <div className="grid gap-5 md:grid-cols-2">
              <FormField label="Brand voice" optional error={errors.brand_voice?.message}>
                <textarea
                  className={textareaClasses}
                  placeholder="e.g. Warm, playful, never pushy"
                  {...form.register('brand_voice')}
                />
              </FormField>
              <FormField label="Target audience" optional error={errors.target_audience?.message}>
                <textarea
                  className={textareaClasses}
                  placeholder="e.g. Young families in Lisbon who love fresh bread"
                  {...form.register('target_audience')}
                />
              </FormField>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Default platforms</legend>
              <div className="flex flex-wrap gap-4">
                {PLATFORMS.map((platform) => (
                  <label key={platform} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      value={platform}
                      className="size-4 accent-primary"
                      {...form.register('default_platforms')}
                    />
                    {PLATFORM_LABELS[platform]}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">Posting hours</legend>
              <p className="text-sm text-muted-foreground">
                When you like posts to go out, in your time zone.
              </p>
              {hours.fields.length === 0 ? (
                <p className="text-sm text-muted-foreground italic">No posting hours yet.</p>
              ) : null}
              <ul className="grid gap-2" aria-label="Posting hours">
                {hours.fields.map((field, index) => {
                  const rowErrors = errors.posting_hours?.[index];
                  return (
                    <li key={field.id} className="flex flex-wrap items-start gap-2">
                      <select
                        aria-label={`Day of posting window ${index + 1}`}
                        className={cn(inputClasses, 'w-40')}
                        {...form.register(`posting_hours.${index}.day`, { valueAsNumber: true })}
                      >
                        {WEEKDAYS.map((day, value) => (
                          <option key={day} value={value}>
                            {day}
                          </option>
                        ))}
                      </select>
                      <Input
                        type="time"
                        aria-label={`Start of posting window ${index + 1}`}
                        className="w-32"
                        aria-invalid={rowErrors?.start ? true : undefined}
                        {...form.register(`posting_hours.${index}.start`)}
                      />
                      <span className="self-center text-sm text-muted-foreground">to</span>
                      <Input
                        type="time"
                        aria-label={`End of posting window ${index + 1}`}
                        className="w-32"
                        aria-invalid={rowErrors?.end ? true : undefined}
                        {...form.register(`posting_hours.${index}.end`)}
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove posting window ${index + 1}`}
                        onClick={() => hours.remove(index)}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </Button>
                      {rowErrors?.start?.message || rowErrors?.end?.message ? (
                        <p role="alert" className="w-full text-sm text-destructive">
                          {rowErrors?.start?.message ?? rowErrors?.end?.message}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={hours.fields.length >= 50}
                  onClick={() => hours.append({ day: 1, start: '09:00', end: '12:00' })}
                >
                  <Plus aria-hidden className="size-4" /> Add posting window
                </Button>
              </div>
            </fieldset>
          </fieldset>
          {readOnly ? null : (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={save.isPending}>
                Save business profile
              </Button>
              <Button
                type="button"
                variant="ghost"
                disabled={!form.formState.isDirty || save.isPending}
                onClick={() => form.reset(toFormValues(profile))}
              >
                Discard changes
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
