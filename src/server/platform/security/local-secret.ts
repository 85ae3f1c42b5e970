import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A random secret of this installation, made once and kept in `DATA_DIR/<file>` (mode 0600), so a
 * newcomer's machine needs no configuration and a restart finds the same value. Two processes
 * starting at once agree: only the first write succeeds (`wx`), and both read what it wrote.
 */
export function readOrCreateLocalSecret(dataDir: string, file: string, bytes = 32): string {
  const target = path.join(dataDir, file);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(target, `${randomBytes(bytes).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = fs.readFileSync(target, 'utf8').trim();
  if (value.length < 16) throw new Error(`${target} holds no usable secret; delete it to make one`);
  return value;
}
