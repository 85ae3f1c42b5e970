import fs from 'node:fs';
import path from 'node:path';

// PGlite has no multi-process lock: a second process on the same data directory would write into
// its own copy and lose those writes silently. One lock file per data directory, holding the pid,
// refuses the second process; a lock left by a process that died is taken over.

export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Soci Gen process (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop that process first, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

/** Whether a process with this pid exists (one we may not signal counts). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'soci-gen.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      // A live owner — another process, or this one opening the directory twice — keeps it.
      if (Number.isInteger(pid) && isProcessAlive(pid)) {
        throw new DataDirectoryInUseError(dataDir, pid);
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock on ${lockPath}`);
}
