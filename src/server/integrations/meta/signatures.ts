import { createHmac, timingSafeEqual } from 'node:crypto';

// Meta's two signatures: the signed_request of the deauthorize and data-deletion callbacks
// (docs/product/meta-platform.md#deauthorize-and-data-deletion), and X-Hub-Signature-256 on
// webhook deliveries (docs/product/meta-platform.md#webhooks).

export interface SignedRequestPayload {
  algorithm: string;
  user_id: string;
  issued_at?: number;
  expires?: number;
  [key: string]: unknown;
}

function equalBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Verifies `base64url(signature).base64url(payload)`: HMAC-SHA256 of the payload segment exactly
 * as received, compared as raw bytes. Answers the payload, or null for anything not signed with
 * one of `secrets` (the Facebook app secret and, for Instagram Login, the Instagram app secret).
 */
export function verifySignedRequest(
  signedRequest: string,
  secrets: readonly string[],
): SignedRequestPayload | null {
  const [signature, payload, extra] = signedRequest.split('.');
  if (!signature || !payload || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const valid = secrets.some(
    (secret) => secret && equalBytes(given, createHmac('sha256', secret).update(payload).digest()),
  );
  if (!valid) return null;
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!decoded || typeof decoded !== 'object') return null;
    const body = decoded as SignedRequestPayload;
    if (String(body.algorithm).toUpperCase() !== 'HMAC-SHA256') return null;
    if (body.user_id === undefined || body.user_id === null) return null;
    return { ...body, user_id: String(body.user_id) };
  } catch {
    return null;
  }
}

/**
 * `sha256=<hex>` over the raw body bytes; re-serialised JSON would not match
 * (docs/product/meta-platform.md#webhook-delivery).
 */
export function verifyHubSignature(
  rawBody: Uint8Array,
  header: string | undefined | null,
  secrets: readonly string[],
): boolean {
  const match = header?.match(/^sha256=([0-9a-f]{64})$/i);
  if (!match) return false;
  const given = Buffer.from(match[1]!.toLowerCase(), 'hex');
  return secrets.some(
    (secret) => secret && equalBytes(given, createHmac('sha256', secret).update(rawBody).digest()),
  );
}

export function hubSignature(rawBody: Uint8Array | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}
