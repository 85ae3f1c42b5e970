import type { RateLimitRule } from '#server/platform/security/rate-limit.ts';

// "Address" is the client's network address; an e-mail address is keyed after normalising
// (trimmed, lower case: the contract does it), so every limit counts alike whether or not an
// account exists (docs/decisions/026).
export const RATE_LIMITS = {
  /** Every sign-in attempt from one client address, whatever accounts it tries. */
  signInAddress: { name: 'sign-in:address', limit: 30, windowSeconds: 900 },
  /** Attempts at one account from one client address: stops a guesser there, not the owner elsewhere. */
  signInAccountAddress: { name: 'sign-in:account-address', limit: 10, windowSeconds: 900 },
  /**
   * Wrong passwords for one account from anywhere, counted only for browsers without the
   * account's device cookie: slows guessing spread over many addresses, while the owner's own
   * browsers pass (docs/decisions/026).
   */
  signInAccountUntrusted: { name: 'sign-in:account-untrusted', limit: 30, windowSeconds: 900 },
  /** Attempts with one device cookie, wherever they come from (a copied cookie). */
  signInDevice: { name: 'sign-in:device', limit: 10, windowSeconds: 900 },
  signUpAddress: { name: 'sign-up:address', limit: 10, windowSeconds: 3600 },
  /** Requests for e-mailed links to one e-mail address (sign-up, resend, forgot password). */
  emailLinkRecipient: { name: 'email-link:recipient', limit: 5, windowSeconds: 3600 },
  emailLinkAddress: { name: 'email-link:address', limit: 20, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;
