import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Secrets at rest (platform tokens, MFA secrets): AES-256-GCM with a random 96-bit nonce per
// value. Several keys can be configured; the first encrypts, all decrypt, so a key is rotated by
// putting the new one first and re-encrypting (`needsRotation` says which values still use an
// old key). The stored form names its key: `v1.<keyId>.<nonce>.<tag>.<ciphertext>`, base64url.

const VERSION = 'v1';
const NONCE_BYTES = 12;
const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export interface SecretKey {
  id: string;
  key: Buffer;
}

export class SecretBox {
  private readonly byId: Map<string, Buffer>;
  readonly primaryKeyId: string;

  constructor(keys: readonly SecretKey[]) {
    const first = keys[0];
    if (!first) throw new Error('At least one encryption key is required');
    this.byId = new Map();
    for (const { id, key } of keys) {
      if (!KEY_ID.test(id)) throw new Error(`Encryption key id "${id}" must match ${KEY_ID}`);
      if (key.length !== KEY_BYTES) throw new Error(`Encryption key "${id}" must be 32 bytes`);
      if (this.byId.has(id)) throw new Error(`Encryption key id "${id}" appears twice`);
      this.byId.set(id, key);
    }
    this.primaryKeyId = first.id;
  }

  /**
   * Encrypts a value. `context` (for example "platform_connection:<id>:access_token") is bound as
   * associated data, so a ciphertext copied onto another row or column does not decrypt.
   */
  encrypt(plaintext: string, context = ''): string {
    const key = this.byId.get(this.primaryKeyId)!;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, this.primaryKeyId, b64(nonce), b64(tag), b64(body)].join('.');
  }

  /** Decrypts a value; throws when it was tampered with, bound to another context or its key is gone. */
  decrypt(stored: string, context = ''): string {
    const parts = stored.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new Error('Not an encrypted value');
    const [, keyId, nonce, tag, body] = parts as [string, string, string, string, string];
    const key = this.byId.get(keyId);
    if (!key) throw new Error(`Encryption key "${keyId}" is not configured`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  /** True when the value was encrypted with a key other than the current one. */
  needsRotation(stored: string): boolean {
    return stored.split('.')[1] !== this.primaryKeyId;
  }

  /** Re-encrypts a value under the current key (no-op when it already uses it). */
  rotate(stored: string, context = ''): string {
    return this.needsRotation(stored)
      ? this.encrypt(this.decrypt(stored, context), context)
      : stored;
  }
}

function b64(buffer: Buffer): string {
  return buffer.toString('base64url');
}

/** Parses `ENCRYPTION_KEYS`: comma-separated `id:base64key`, the current key first. */
export function parseEncryptionKeys(value: string): SecretKey[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon < 1) throw new Error('ENCRYPTION_KEYS entries must look like id:base64key');
      return { id: entry.slice(0, colon), key: Buffer.from(entry.slice(colon + 1), 'base64') };
    });
}

/**
 * The keys of this installation: `ENCRYPTION_KEYS` when set; otherwise, outside production, a
 * key generated once and kept in DATA_DIR/secret.key (mode 0600), so a newcomer's machine needs
 * no configuration and restarts can still read what was stored. Production refuses to start
 * without configured keys: a key beside the data it protects protects little.
 */
export function loadSecretBox(options: {
  encryptionKeys: string | undefined;
  dataDir: string;
  production: boolean;
  /** Tests: a fresh key held in memory only. */
  ephemeral?: boolean;
}): SecretBox {
  if (options.encryptionKeys) return new SecretBox(parseEncryptionKeys(options.encryptionKeys));
  if (options.ephemeral) return new SecretBox([{ id: 'test', key: randomBytes(KEY_BYTES) }]);
  if (options.production) {
    throw new Error(
      'ENCRYPTION_KEYS is required in production (e.g. ENCRYPTION_KEYS="k1:$(openssl rand -base64 32)")',
    );
  }
  const file = path.join(options.dataDir, 'secret.key');
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `local:${randomBytes(KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new SecretBox(parseEncryptionKeys(fs.readFileSync(file, 'utf8')));
}
