import type { SecretBox } from '#server/platform/security/secrets.ts';
import { randomToken } from '#server/platform/security/tokens.ts';

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies";
// docs/decisions/026). A browser that signed in to an account gets a cookie naming that account,
// a random device id and an expiry, encrypted and authenticated with the installation's secret
// box (docs/decisions/012), so it cannot be forged or moved to another account. Sign-in attempts
// that carry a valid one are limited per device instead of by the account-wide limit, so
// strangers guessing at an account cannot lock its owner out of a browser they used before.

export const DEVICE_COOKIE_DAYS = 180;
const DAY_MS = 86_400_000;
const CONTEXT = 'auth:device-cookie';
/** Longer values are not ours; they are ignored unread. */
export const DEVICE_COOKIE_MAX_LENGTH = 400;

export interface Device {
  /** Random id of this browser's cookie; the per-device limit counts by it. */
  id: string;
}

export interface IssuedDeviceCookie {
  value: string;
  maxAgeSeconds: number;
}

export function createDeviceCookies(secrets: SecretBox) {
  return {
    issue(userId: string, now = new Date()): IssuedDeviceCookie {
      const expiresAt = now.getTime() + DEVICE_COOKIE_DAYS * DAY_MS;
      const value = secrets.encrypt(`${userId}.${randomToken(16)}.${expiresAt}`, CONTEXT);
      return { value, maxAgeSeconds: DEVICE_COOKIE_DAYS * 86_400 };
    },

    /** The device, when `value` is a live cookie this installation issued for `userId`. */
    verify(value: string | undefined, userId: string | undefined, now = new Date()): Device | null {
      if (!value || !userId || value.length > DEVICE_COOKIE_MAX_LENGTH) return null;
      let plain: string;
      try {
        plain = secrets.decrypt(value, CONTEXT);
      } catch {
        return null;
      }
      const [owner, id, expiresAt] = plain.split('.');
      if (owner !== userId || !id || !(Number(expiresAt) > now.getTime())) return null;
      return { id };
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
