import { useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { websiteSchema } from '#shared/contracts/urls.ts';
import {
  PLATFORMS,
  postingHoursSchema,
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
import { accountKeys } from '../../account/api/account-api.ts';
import { accountSecurityApi } from '../../account/api/account-security-api.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { applyServerErrors } from '../../auth/lib/server-errors.ts';

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
const PLATFORM_LABELS: Record<(typeof PLATFORMS)[number], string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
};

// The form edits every field as text; empty optional text is saved as "none".
const formSchema = z.object({
  business_name: z
    .string()
    .trim()
    .min(1, 'Business name is required')
    .max(120, 'Business name is too long'),
  industry: z.string().trim().max(80, 'Industry is too long'),
  website: websiteSchema,
  description: z.string().trim().max(2000, 'Description is too long'),
  brand_voice: z.string().trim().max(1000, 'Brand voice is too long'),
  target_audience: z.string().trim().max(1000, 'Target audience is too long'),
  time_zone: z.string().min(1, 'Please choose a valid time zone'),
  default_platforms: z.array(z.enum(PLATFORMS)),
  posting_hours: postingHoursSchema.superRefine((hours, ctx) => {
    hours.forEach((hour, index) => {
      if (hour.end <= hour.start) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'end'],
          message: 'The end must be after the start',
        });
      }
    });
  }),
});
type FormValues = z.infer<typeof formSchema>;

const FIELDS = [
  'business_name',
  'industry',
  'website',
  'description',
  'brand_voice',
  'target_audience',
  'time_zone',
  'default_platforms',
  'posting_hours',
] as const;

function toFormValues(profile: BusinessProfile): FormValues {
  return {
    business_name: profile.business_name,
    industry: profile.industry ?? '',
    website: profile.website ?? '',
    description: profile.description ?? '',
    brand_voice: profile.brand_voice ?? '',
    target_audience: profile.target_audience ?? '',
    time_zone: profile.time_zone,
    default_platforms: profile.default_platforms.filter((p): p is (typeof PLATFORMS)[number] =>
      (PLATFORMS as readonly string[]).includes(p),
    ),
    posting_hours: profile.posting_hours,
  };
}

function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
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
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: toFormValues(profile),
  });
  const hours = useFieldArray({ control: form.control, name: 'posting_hours' });
  const zones = useMemo(() => timeZones(profile.time_zone), [profile.time_zone]);
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
              <FormField label="Time zone" error={errors.time_zone?.message}>
                <select className={inputClasses} {...form.register('time_zone')}>
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replace(/_/g, ' ')}
                    </option>
                  ))}
                </select>
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
