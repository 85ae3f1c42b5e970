import { z } from 'zod';

// Addresses the app stores and later puts in a page (a website, an avatar, a logo): https only,
// so nothing stored can become a `javascript:` or `data:` link or image. http is taken for this
// machine's own names only (a developer's local server); the server refuses even that in
// production (docs/security.md, "Stored addresses").

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** An image the app stored itself (account-images.ts answers it). */
const OWN_IMAGE_PATH = /^\/api\/account-images\/[0-9a-f-]{36}$/i;

export const HTTPS_REQUIRED_MESSAGE = 'Use an address that starts with https://';

const anyUrl = z.url();

/** Scheme and host name of an absolute address, lower-cased; null when it is not one. */
function schemeAndHost(value: string): { scheme: string; host: string } | null {
  if (!anyUrl.safeParse(value).success) return null;
  const match = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(value);
  return match ? { scheme: match[1]!.toLowerCase(), host: match[2]!.toLowerCase() } : null;
}

export function isLoopbackHttpUrl(value: string): boolean {
  const parts = schemeAndHost(value);
  return parts?.scheme === 'http' && LOOPBACK_HOSTS.has(parts.host);
}

/** Why an address cannot be stored, or null when it can. */
export function storedUrlProblem(
  value: string,
  invalidMessage = 'Please enter a valid web address',
): string | null {
  const parts = schemeAndHost(value);
  if (!parts) return invalidMessage;
  if (parts.scheme === 'https' && parts.host !== '') return null;
  if (isLoopbackHttpUrl(value)) return null;
  return HTTPS_REQUIRED_MESSAGE;
}

function addIssueFor(problem: string | null, ctx: z.RefinementCtx): void {
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** A website as a person types it: "boulangerie-dupont.fr" means https://boulangerie-dupont.fr. */
export const websiteSchema = z
  .string()
  .trim()
  .max(2048, 'Website address is too long')
  .transform((value) =>
    value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`,
  )
  .superRefine((value, ctx) => {
    if (value !== '') {
      addIssueFor(storedUrlProblem(value, 'Please enter a valid website address'), ctx);
    }
  });

/** An image address: one the app stored itself, or an https address. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .superRefine((value, ctx) => {
    if (!OWN_IMAGE_PATH.test(value)) addIssueFor(storedUrlProblem(value), ctx);
  });
