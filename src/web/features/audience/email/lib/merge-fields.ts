import type { MERGE_FIELD_NAMES } from './rules.ts';

// The merge fields the editor's buttons insert (email-marketing.contract.ts MERGE_FIELDS), each
// with the fallback a contact without it gets; the server does the merging.

export type MergeFieldName = (typeof MERGE_FIELD_NAMES)[number];

export const MERGE_FIELD_BUTTONS: ReadonlyArray<{
  field: MergeFieldName;
  label: string;
  token: string;
}> = [
  { field: 'firstName', label: 'First name', token: '{{firstName|there}}' },
  { field: 'name', label: 'Full name', token: '{{name|there}}' },
  { field: 'email', label: 'E-mail address', token: '{{email}}' },
  { field: 'location', label: 'Location', token: '{{location|your area}}' },
];

/**
 * The text with `token` put in place of the selection from `start` to `end`, and where the cursor
 * goes after it.
 */
export function insertAt(
  text: string,
  token: string,
  start: number,
  end: number,
): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}
