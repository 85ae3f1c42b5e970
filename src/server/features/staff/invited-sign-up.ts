import type { AppDb } from '#server/platform/db/client.ts';
import { constantTimeEqual, hashToken } from '#server/platform/security/tokens.ts';
import { unsafeFindInvitationByTokenHash } from './staff.repository.ts';

// A sign-up from an invitation link (docs/decisions/035). The sign-up carries the link's token;
// when it names a live invitation to the address being signed up, the person gets no business of
// their own and joins the inviting one by accepting. Sign-up calls this only after it has
// answered, so whether the token was good changes neither the answer nor its time
// (docs/decisions/026).

export interface InvitationForSignUp {
  /** The inviting business, for the confirmation e-mail. */
  businessName: string;
}

/**
 * The invitation `token` opens, when it is pending, unexpired and sent to `email` (compared
 * without case, as acceptance does); null otherwise. Reads past row-level security like the
 * acceptance page's lookup (staff.repository.ts), by the hash of a token the caller holds.
 */
export async function unsafeInvitationForSignUp(
  db: AppDb,
  token: string,
  email: string,
  now: Date,
): Promise<InvitationForSignUp | null> {
  const tokenHash = hashToken(token);
  const row = await unsafeFindInvitationByTokenHash(db, tokenHash);
  if (!row || !constantTimeEqual(row.invitation_token, tokenHash)) return null;
  if (row.status !== 'pending') return null;
  if (new Date(row.expires_at).getTime() <= now.getTime()) return null;
  if (row.email.trim().toLowerCase() !== email.trim().toLowerCase()) return null;
  return { businessName: row.business_name ?? 'your team' };
}
