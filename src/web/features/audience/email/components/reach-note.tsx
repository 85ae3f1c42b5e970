import { Users } from 'lucide-react';
import type { EmailReach } from '../api/email-api.ts';
import { people } from '../lib/format.ts';

/**
 * How many of the segment the e-mail reaches: "312 of 540 contacts have an e-mail address and
 * consent; 4 are on the suppression list", and whom it goes to.
 */
export function reachSentence(reach: EmailReach): string {
  if (reach.inSegment === 0) return 'No contact matches this segment now.';
  const n = (count: number) => count.toLocaleString();
  return `${n(reach.withConsent)} of ${n(reach.inSegment)} ${reach.inSegment === 1 ? 'contact' : 'contacts'} ${reach.withConsent === 1 ? 'has' : 'have'} an e-mail address and consent; ${n(reach.suppressed)} ${reach.suppressed === 1 ? 'is' : 'are'} on the suppression list.`;
}

export function ReachNote({
  reach,
  loading,
  failed,
}: {
  reach: EmailReach | undefined;
  loading: boolean;
  failed: boolean;
}) {
  let text: string;
  if (failed) text = 'How many it reaches could not be counted.';
  else if (!reach || loading) text = 'Counting who it reaches…';
  else text = `${reachSentence(reach)} It goes to ${people(reach.reachable)}.`;
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
      <Users aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
