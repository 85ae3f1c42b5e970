import { resolveBusinessName } from './business-name.ts';

// Saved replies of the social monitor (docs/decisions/091): a text with variables the team
// inserts into a reply. The browser fills them in as the server would, from the same function.

export interface SavedReplyValues {
  /** The person answered: their name as the platform gives it (or their handle). */
  participantName?: string | null;
  participantHandle?: string | null;
  business: { business_name?: string | null; company_name?: string | null };
}

/** The first word of the person's name, else their handle without "@", else "there". */
export function firstNameOf(name: string | null | undefined, handle?: string | null): string {
  const first = name?.trim().split(/\s+/)[0];
  if (first) return first;
  const bare = handle?.trim().replace(/^@/, '');
  return bare || 'there';
}

/** The saved reply's text with {first_name} and {business_name} filled in. */
export function renderSavedReply(body: string, values: SavedReplyValues): string {
  const firstName = firstNameOf(values.participantName, values.participantHandle);
  const businessName = resolveBusinessName(values.business);
  return body.replace(/\{(first_name|business_name)\}/g, (_, name: string) =>
    name === 'first_name' ? firstName : businessName,
  );
}
