import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadSecretBox, parseEncryptionKeys, SecretBox } from './secrets.ts';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('SecretBox', () => {
  it('round-trips a value and never stores the plaintext', () => {
    const box = new SecretBox([key('k1')]);
    const stored = box.encrypt('EAAB-page-token', 'conn:1:access');
    expect(stored).not.toContain('EAAB');
    expect(stored.startsWith('v1.k1.')).toBe(true);
    expect(box.decrypt(stored, 'conn:1:access')).toBe('EAAB-page-token');
  });

  it('uses a fresh nonce each time', () => {
    const box = new SecretBox([key('k1')]);
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses a value moved to another context, a tampered value and an unknown key', () => {
    const box = new SecretBox([key('k1')]);
    const stored = box.encrypt('secret', 'row:a');
    expect(() => box.decrypt(stored, 'row:b')).toThrow();
    const parts = stored.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'row:a')).toThrow();
    expect(() => new SecretBox([key('other')]).decrypt(stored, 'row:a')).toThrow(/not configured/);
    expect(() => box.decrypt('plain text')).toThrow(/Not an encrypted value/);
  });

  it('rotates: the new key encrypts, the old one still decrypts', () => {
    const old = key('k1');
    const before = new SecretBox([old]).encrypt('token', 'ctx');
    const after = new SecretBox([key('k2'), old]);
    expect(after.needsRotation(before)).toBe(true);
    expect(after.decrypt(before, 'ctx')).toBe('token');
    const rotated = after.rotate(before, 'ctx');
    expect(after.needsRotation(rotated)).toBe(false);
    expect(after.decrypt(rotated, 'ctx')).toBe('token');
  });

  it('rejects malformed key configuration', () => {
    expect(() => new SecretBox([])).toThrow();
    expect(() => new SecretBox([{ id: 'k1', key: randomBytes(16) }])).toThrow(/32 bytes/);
    expect(() => new SecretBox([key('k1'), key('k1')])).toThrow(/twice/);
    expect(() => parseEncryptionKeys('nokey')).toThrow(/id:base64key/);
    const parsed = parseEncryptionKeys(
      ` a:${randomBytes(32).toString('base64')} , b:${randomBytes(32).toString('base64')}`,
    );
    expect(parsed.map((k) => k.id)).toEqual(['a', 'b']);
  });
});

describe('loadSecretBox', () => {
  it('keeps a generated key in the data directory across restarts, readable only by its owner', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-secrets-'));
    try {
      const first = loadSecretBox({ encryptionKeys: undefined, dataDir, production: false });
      const stored = first.encrypt('kept');
      const second = loadSecretBox({ encryptionKeys: undefined, dataDir, production: false });
      expect(second.decrypt(stored)).toBe('kept');
      expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production without configured keys', () => {
    expect(() =>
      loadSecretBox({ encryptionKeys: undefined, dataDir: os.tmpdir(), production: true }),
    ).toThrow(/ENCRYPTION_KEYS is required/);
  });
});
