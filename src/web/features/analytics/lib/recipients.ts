import type { ReportCadence, ReportInput } from '#shared/contracts/analytics.contract.ts';
import { ANALYTICS_LIMITS } from './constants.ts';

// A scheduled report's recipients typed as one field: addresses split on commas, semicolons,
// spaces or lines, checked with the contract's rules (reportInputSchema) and words before they
// are sent. Not the schema itself: it would bring zod, some 26 KiB, into the page for one field
// the server checks again anyway (docs/decisions/093).

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MAX_EMAIL_LENGTH = 254;

export function parseRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export type ReportCheck = { ok: true; input: ReportInput } | { ok: false; error: string };

export function checkReport(input: {
  cadence: ReportCadence;
  account: string;
  recipients: string;
}): ReportCheck {
  const recipients = parseRecipients(input.recipients);
  if (recipients.length === 0) return { ok: false, error: 'Add at least one address' };
  if (recipients.length > ANALYTICS_LIMITS.reportRecipients) {
    return { ok: false, error: `At most ${ANALYTICS_LIMITS.reportRecipients} addresses` };
  }
  const wrong = recipients.find((r) => r.length > MAX_EMAIL_LENGTH || !EMAIL.test(r));
  if (wrong) return { ok: false, error: `Enter a valid email address: ${wrong}` };
  return {
    ok: true,
    input: { cadence: input.cadence, account: input.account, recipients, enabled: true },
  };
}
