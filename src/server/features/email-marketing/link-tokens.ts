import { createHmac, randomBytes } from 'node:crypto';
import type { Env } from '#server/platform/env.ts';
import { readOrCreateLocalSecret } from '#server/platform/security/local-secret.ts';
import { constantTimeEqual } from '#server/platform/security/tokens.ts';

// The tokens in a message's unsubscribe and click links (docs/decisions/100): the recipient's id,
// its business's id and, for a click, the link's place in the campaign's links, signed with
// HMAC-SHA256 under a secret of this installation. A token acts on its own recipient only; one
// changed by a single character does not verify and is answered as a page that does not exist.

export type LinkToken =
  | { kind: 'unsubscribe'; recipientId: string; tenantId: string }
  | { kind: 'click'; recipientId: string; tenantId: string; link: number };

const KIND = { unsubscribe: 0x75, click: 0x63 } as const;
const SIGNATURE_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const keys = new WeakMap<Env, string>();

/** The signing key: made once into DATA_DIR/email-links.key; tests hold a fresh one in memory. */
function signingKey(env: Env): string {
  let key = keys.get(env);
  if (!key) {
    key =
      env.NODE_ENV === 'test'
        ? randomBytes(32).toString('base64url')
        : readOrCreateLocalSecret(env.dataDir, 'email-links.key');
    keys.set(env, key);
  }
  return key;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function sign(env: Env, payload: Buffer): string {
  return createHmac('sha256', signingKey(env))
    .update(payload)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

export function createLinkToken(env: Env, token: LinkToken): string {
  const parts = [Buffer.from([KIND[token.kind]]), uuidBytes(token.recipientId)];
  parts.push(uuidBytes(token.tenantId));
  if (token.kind === 'click') {
    const link = Buffer.alloc(2);
    link.writeUInt16BE(token.link);
    parts.push(link);
  }
  const payload = Buffer.concat(parts);
  return `${payload.toString('base64url')}.${sign(env, payload)}`;
}

/** The token's content when it is one of ours of `kind`, unchanged; null otherwise. */
export function readLinkToken<K extends LinkToken['kind']>(
  env: Env,
  kind: K,
  value: string,
): Extract<LinkToken, { kind: K }> | null {
  if (value.length > 200) return null;
  const [encoded, signature, extra] = value.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url');
  // base64url decoding skips what is not base64url; the signature covers the bytes, and the
  // text must be exactly their encoding, so no two texts name the same token.
  if (payload.toString('base64url') !== encoded) return null;
  if (!constantTimeEqual(sign(env, payload), signature)) return null;
  const length = kind === 'click' ? 35 : 33;
  if (payload.length !== length || payload[0] !== KIND[kind]) return null;
  const recipientId = uuidOf(payload.subarray(1, 17));
  const tenantId = uuidOf(payload.subarray(17, 33));
  if (!UUID.test(recipientId) || !UUID.test(tenantId)) return null;
  const token =
    kind === 'click'
      ? { kind, recipientId, tenantId, link: payload.readUInt16BE(33) }
      : { kind, recipientId, tenantId };
  return token as Extract<LinkToken, { kind: K }>;
}
