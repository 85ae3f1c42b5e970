import type {
  EmailCampaign,
  EmailCampaignInput,
} from '#shared/contracts/email-marketing.contract.ts';
import { EMAIL_LIMITS } from './rules.ts';

// The editor's values and the checks the server makes again (email-marketing.contract.ts
// emailCampaignInputSchema for a save; a subject, a body and a segment before sending), with the
// contract's messages.

export type EmailFormValues = EmailCampaignInput;
export type EmailFormField = keyof EmailFormValues;
export type EmailFormErrors = Partial<Record<EmailFormField, string>>;

export const EMPTY_EMAIL: EmailFormValues = {
  name: '',
  subject: '',
  preheader: '',
  body: '',
  segmentId: null,
  clickTracking: false,
};

export function valuesOf(campaign: EmailCampaign): EmailFormValues {
  return {
    name: campaign.name,
    subject: campaign.subject,
    preheader: campaign.preheader,
    body: campaign.body,
    segmentId: campaign.segmentId,
    clickTracking: campaign.clickTracking,
  };
}

export function sameValues(a: EmailFormValues, b: EmailFormValues): boolean {
  return (Object.keys(EMPTY_EMAIL) as EmailFormField[]).every((key) => a[key] === b[key]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tooLong = (max: number) => `At most ${max} characters`;

/** What a save refuses, or the input to send (trimmed as the server trims it). */
export function saveInputOf(
  values: EmailFormValues,
): { ok: true; input: EmailCampaignInput } | { ok: false; errors: EmailFormErrors } {
  const errors: EmailFormErrors = {};
  const name = values.name.trim();
  const subject = values.subject.trim();
  const preheader = values.preheader.trim();
  if (name === '') errors.name = 'Name the e-mail';
  else if (name.length > EMAIL_LIMITS.nameLength) errors.name = tooLong(EMAIL_LIMITS.nameLength);
  if (subject.length > EMAIL_LIMITS.subjectLength) {
    errors.subject = tooLong(EMAIL_LIMITS.subjectLength);
  }
  if (preheader.length > EMAIL_LIMITS.preheaderLength) {
    errors.preheader = tooLong(EMAIL_LIMITS.preheaderLength);
  }
  if (values.body.length > EMAIL_LIMITS.bodyLength) {
    errors.body = tooLong(EMAIL_LIMITS.bodyLength);
  }
  if (values.segmentId !== null && !UUID.test(values.segmentId)) {
    errors.segmentId = 'Choose a segment';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name,
      subject,
      preheader,
      body: values.body,
      segmentId: values.segmentId,
      clickTracking: values.clickTracking,
    },
  };
}

/** What sending needs beyond a valid save: a subject, a body and a segment. */
export function sendErrorsOf(values: EmailFormValues): EmailFormErrors {
  const errors: EmailFormErrors = {};
  if (values.subject.trim() === '') errors.subject = 'Write a subject';
  if (values.body.trim() === '') errors.body = 'Write the e-mail';
  if (values.segmentId === null) errors.segmentId = 'Choose a segment';
  return errors;
}
