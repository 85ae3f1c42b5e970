import { count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { workerTools } from '../db/system.tables.ts';

// Which ffmpeg the processes that run jobs found. A video is processed by whichever worker takes
// its job, so whether this installation removes location data from videos is theirs to say, not
// the web process's (which may not run jobs, or run on another machine). Each worker records
// what it found when it starts and again every few minutes; the answer is yes only when every
// worker heard from recently has ffmpeg (decision 025).

/** How often a running worker records again what it found. */
export const WORKER_TOOLS_REFRESH_MS = 5 * 60_000;
/** A worker not heard from for this long has stopped (or crashed) and no longer counts. */
export const WORKER_TOOLS_FRESH_MS = 15 * 60_000;
/** The rows of workers gone this long are deleted. */
const WORKER_TOOLS_KEPT_MS = 24 * 3_600_000;

/** Records what `worker` found (ffmpeg's version, or null for none) as of `now`. */
export async function recordWorkerTools(
  database: Database,
  worker: string,
  ffmpegVersion: string | null,
  now: Date = new Date(),
): Promise<void> {
  const db = database.unsafeDb;
  await db
    .insert(workerTools)
    .values({ worker, ffmpegVersion, seenAt: now })
    .onConflictDoUpdate({ target: workerTools.worker, set: { ffmpegVersion, seenAt: now } });
  await db
    .delete(workerTools)
    .where(lt(workerTools.seenAt, new Date(now.getTime() - WORKER_TOOLS_KEPT_MS)));
}

/** Removes what `worker` recorded: it has stopped and no longer speaks for the installation. */
export async function forgetWorkerTools(database: Database, worker: string): Promise<void> {
  await database.unsafeDb.delete(workerTools).where(eq(workerTools.worker, worker));
}

/** Whether a worker was heard from lately, and every one that was has ffmpeg. */
export async function workersHaveFfmpeg(
  database: Database,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await database.unsafeDb
    .select({ workers: count(), withFfmpeg: count(workerTools.ffmpegVersion) })
    .from(workerTools)
    .where(gt(workerTools.seenAt, new Date(now.getTime() - WORKER_TOOLS_FRESH_MS)));
  return !!row && row.workers > 0 && row.withFfmpeg === row.workers;
}
