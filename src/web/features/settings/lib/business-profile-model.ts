import { z } from 'zod';
import { websiteSchema } from '#shared/contracts/urls.ts';
import {
  PLATFORMS,
  postingHoursSchema,
  type BusinessProfile,
} from '#shared/contracts/account.contract.ts';

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
export const PLATFORM_LABELS: Record<(typeof PLATFORMS)[number], string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
};

// The form edits every field as text; empty optional text is saved as "none".
export const formSchema = z.object({
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
export type FormValues = z.infer<typeof formSchema>;

export const FIELDS = [
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

export function toFormValues(
  profile: BusinessProfile,
  suggestedZone: string | null = null,
): FormValues {
  return {
    business_name: profile.business_name,
    industry: profile.industry ?? '',
    website: profile.website ?? '',
    description: profile.description ?? '',
    brand_voice: profile.brand_voice ?? '',
    target_audience: profile.target_audience ?? '',
    time_zone: suggestedZone ?? profile.time_zone,
    default_platforms: profile.default_platforms.filter((p): p is (typeof PLATFORMS)[number] =>
      (PLATFORMS as readonly string[]).includes(p),
    ),
    posting_hours: profile.posting_hours,
  };
}
