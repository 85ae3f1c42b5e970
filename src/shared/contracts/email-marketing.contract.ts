import { z } from 'zod';

// The e-mail marketing add-on (docs/decisions/100): a campaign e-mail written for a saved
// segment, sent to the segment's contacts that have an e-mail address and consent and are not on
// the business's suppression list, at the business's sending rate, with a one-click unsubscribe
// (RFC 8058) in every message and, when the business turns it on, click tracking through our own
// redirect. The browser and the server share these shapes; the server checks every input again.

export const EMAIL_MARKETING_LIMITS = {
  nameLength: 120,
  subjectLength: 200,
  preheaderLength: 200,
  bodyLength: 50_000,
  pageSize: 50,
} as const;

/**
 * Merge fields the body, subject and preheader may use, as {{field}} or {{field|fallback}}:
 * `{{firstName|there}}` is the contact's first name, or "there" when it has none.
 */
export const MERGE_FIELDS = ['firstName', 'name', 'email', 'location'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const EMAIL_CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'sent',
  'cancelled',
] as const;
export type EmailCampaignStatus = (typeof EMAIL_CAMPAIGN_STATUSES)[number];

/** Per-campaign figures (the recipient rows counted by status, and what they brought). */
export const emailCampaignFiguresSchema = z.object({
  /** Recipients chosen when sending began (contacts of the segment with e-mail and consent). */
  recipients: z.int(),
  queued: z.int(),
  sent: z.int(),
  /** The SMTP server refused the address (a hard bounce). */
  refused: z.int(),
  /** Reported as bounced after acceptance. */
  bounced: z.int(),
  /** Left out at sending: suppressed, consent withdrawn, or the contact deleted. */
  skipped: z.int(),
  unsubscribed: z.int(),
  /** People who clicked at least once (click tracking on). */
  clicked: z.int(),
  clicks: z.int(),
});
export type EmailCampaignFigures = z.infer<typeof emailCampaignFiguresSchema>;

export const emailCampaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  preheader: z.string(),
  body: z.string(),
  segmentId: z.uuid().nullable(),
  /** The segment's name, when it still exists. */
  segmentName: z.string().nullable(),
  status: z.enum(EMAIL_CAMPAIGN_STATUSES),
  sendAt: z.string().nullable(),
  clickTracking: z.boolean(),
  version: z.int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  figures: emailCampaignFiguresSchema,
});
export type EmailCampaign = z.infer<typeof emailCampaignSchema>;

export const emailCampaignListSchema = z.object({
  items: z.array(emailCampaignSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
});

export const emailCampaignListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

const name = z
  .string()
  .trim()
  .min(1, 'Name the e-mail')
  .max(
    EMAIL_MARKETING_LIMITS.nameLength,
    `At most ${EMAIL_MARKETING_LIMITS.nameLength} characters`,
  );

/** POST …/emails: a new draft; PATCH …/emails/{id}: a draft changed, with the version it read. */
export const emailCampaignInputSchema = z.strictObject({
  name,
  subject: z
    .string()
    .trim()
    .max(
      EMAIL_MARKETING_LIMITS.subjectLength,
      `At most ${EMAIL_MARKETING_LIMITS.subjectLength} characters`,
    ),
  preheader: z
    .string()
    .trim()
    .max(
      EMAIL_MARKETING_LIMITS.preheaderLength,
      `At most ${EMAIL_MARKETING_LIMITS.preheaderLength} characters`,
    ),
  body: z
    .string()
    .max(
      EMAIL_MARKETING_LIMITS.bodyLength,
      `At most ${EMAIL_MARKETING_LIMITS.bodyLength} characters`,
    ),
  segmentId: z.uuid({ error: 'Choose a segment' }).nullable(),
  clickTracking: z.boolean(),
});
export type EmailCampaignInput = z.infer<typeof emailCampaignInputSchema>;

export const updateEmailCampaignInputSchema = emailCampaignInputSchema.extend({
  /** The version the person edited; another is a 409 conflict that keeps what they typed. */
  version: z.int().min(1),
});

/**
 * POST …/emails/{id}/send: now (sendAt null) or at a future time. The e-mail must have a
 * subject, a body and a segment; the server answers with the campaign, now scheduled or sending.
 */
export const sendEmailCampaignInputSchema = z.strictObject({
  sendAt: z.iso.datetime({ offset: true, error: 'Choose a date and time' }).nullable(),
  version: z.int().min(1),
});

/** POST …/emails/{id}/test: a test to the signed-in person's own address, with sample merges. */
export const testEmailResultSchema = z.object({ to: z.string() });

/** POST …/emails/preview: the rendered e-mail for the live preview, merged for a sample contact. */
export const emailPreviewInputSchema = emailCampaignInputSchema
  .pick({ subject: true, preheader: true, body: true })
  .extend({ contactId: z.uuid().nullable().optional() });
export const emailPreviewSchema = z.object({
  subject: z.string(),
  preheader: z.string(),
  html: z.string(),
  text: z.string(),
  /** Merge fields in the text that are not known ({{nickname}}), to point out. */
  unknownFields: z.array(z.string()),
});

/** GET …/emails/audience?segmentId=: how many of a segment the e-mail would reach, and why not. */
export const emailReachSchema = z.object({
  inSegment: z.int(),
  withEmail: z.int(),
  withConsent: z.int(),
  suppressed: z.int(),
  /** Contacts the e-mail goes to: with an address and consent, not suppressed. */
  reachable: z.int(),
});

export const SUPPRESSION_REASONS = [
  'unsubscribed',
  'hard_bounce',
  'soft_bounce',
  'manual',
] as const;

export const suppressionSchema = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  campaignId: z.uuid().nullable(),
  createdAt: z.string(),
});
export const suppressionListSchema = z.object({
  items: z.array(suppressionSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
});
/** POST …/suppressions: an address added by hand (never e-mailed again). */
export const addSuppressionInputSchema = z.strictObject({
  email: z.email({ error: 'Not a valid e-mail address' }).max(254),
});

export const emailMarketingRoutes = {
  emails: '/api/audience/emails',
  email: '/api/audience/emails/{id}',
  send: '/api/audience/emails/{id}/send',
  cancel: '/api/audience/emails/{id}/cancel',
  test: '/api/audience/emails/{id}/test',
  preview: '/api/audience/emails/preview',
  reach: '/api/audience/emails/reach',
  suppressions: '/api/audience/suppressions',
  suppression: '/api/audience/suppressions/{email}',
} as const;

/**
 * Public pages of a message, without sign-in, each under a signed token naming one recipient:
 * the unsubscribe page (GET shows a confirmation, POST unsubscribes — the one-click POST of
 * RFC 8058 included) and the click redirect (to one of the campaign's own links only).
 */
export const emailPublicRoutes = {
  unsubscribe: '/email/unsubscribe/{token}',
  click: '/email/click/{token}',
} as const;
