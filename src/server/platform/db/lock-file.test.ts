import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, acquireDataDirLock } from './lock-file.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second opener while the first holds the directory, and frees it on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirectoryInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      /already using the data directory .*Stop that process first, or start this one with a different DATA_DIR/,
    );
    release();
    expect(fs.existsSync(path.join(dir, 'soci-gen.lock'))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('refuses while another live process holds the lock', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], {
      stdio: 'ignore',
    });
    try {
      fs.writeFileSync(path.join(dir, 'soci-gen.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${other.pid}`));
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // The holder died without cleaning up: its lock is taken over.
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'soci-gen.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
