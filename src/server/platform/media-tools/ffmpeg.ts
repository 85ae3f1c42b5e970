import { spawn } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';

// Where ffmpeg is, and running it safely. Order: FFMPEG_PATH when set (and then only that: an
// operator who names a binary does not want another one used instead), else the static build of
// the optional npm package `@ffmpeg-installer/<platform>-<arch>`, else `ffmpeg` on the PATH, else
// none — the media library then works without video thumbnails and keeps video metadata.
// ffmpeg always runs as a separate process, from an argument array (never a shell), with a time
// limit after which it is killed; input comes from a file path or a stream on stdin, so a large
// video is never held in this process's memory.

export type FfmpegSource = 'FFMPEG_PATH' | 'npm' | 'PATH';

export interface Ffmpeg {
  /** What is spawned: an absolute path, or `ffmpeg` to be found on the PATH. */
  path: string;
  source: FfmpegSource;
  /** The version ffmpeg reports, e.g. `4.1` or `N-47683-g0e8eb07980-static`. */
  version: string;
}

export interface FfmpegLookup {
  ffmpeg: Ffmpeg | null;
  /** Why each candidate that was tried was not used, for the start-up log. */
  rejected: string[];
}

/** How much of ffmpeg's stderr an error keeps: its reason, small enough for every log line. */
export const STDERR_REPORTED_BYTES = 2 * 1024;

/**
 * The last whole lines of `text` that fit in `maxBytes` (the end of the last line when even that
 * one is longer). ffmpeg says why last, after what led to it.
 */
export function lastLines(text: string, maxBytes = STDERR_REPORTED_BYTES): string {
  const trimmed = text.trimEnd();
  const bytes = Buffer.from(trimmed, 'utf8');
  if (bytes.length <= maxBytes) return trimmed;
  const start = bytes.length - maxBytes;
  const tail = bytes.subarray(start).toString('utf8');
  if (bytes[start - 1] === 0x0a) return tail;
  const newline = tail.indexOf('\n');
  // The first line was cut (mid-character, perhaps): left out, unless it is the only one.
  return newline >= 0 ? tail.slice(newline + 1) : tail.replace(/^\uFFFD+/, '');
}

export class FfmpegError extends Error {
  /** The last lines ffmpeg wrote to stderr, at most STDERR_REPORTED_BYTES: logged with it. */
  readonly stderr: string;

  constructor(
    message: string,
    readonly exitCode: number | null,
    stderr: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'FfmpegError';
    this.stderr = lastLines(stderr);
  }
}

/**
 * ffmpeg ran and refused the input (a non-zero exit of its own): the file is what it cannot
 * handle, and running it again will not change that. A time-out, a kill (out of memory) or a
 * failure to start says nothing about the file: the job should be retried.
 */
export function isInputRefused(error: unknown): error is FfmpegError {
  return error instanceof FfmpegError && !error.timedOut && error.exitCode !== null;
}

export interface RunOptions {
  /** ffmpeg is killed (SIGKILL) when it runs longer than this. */
  timeoutMs: number;
  /** Bytes for `-i pipe:0`: a stream is piped with back-pressure, never read whole. */
  stdin?: Readable | Buffer;
  /** stdout is collected up to this many bytes (default: discarded); more kills ffmpeg. */
  maxStdoutBytes?: number;
}

const STDERR_KEEP = 8 * 1024;

/** Runs ffmpeg (or any binary) with an argument array; resolves on exit code 0. */
export function runFfmpeg(
  binary: string,
  args: readonly string[],
  options: RunOptions,
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
    });
    const maxStdout = options.maxStdoutBytes ?? 0;
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    let overflow = false;
    let settled = false;

    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    timer.unref();

    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ stdout: Buffer.concat(stdout), stderr });
    };

    child.stdout!.on('data', (chunk: Buffer) => {
      if (maxStdout === 0) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) {
        overflow = true;
        child.kill('SIGKILL');
        return;
      }
      stdout.push(chunk);
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });

    if (options.stdin && child.stdin) {
      const input = child.stdin;
      // ffmpeg may stop reading early (it has what it needs, or it failed): not our error.
      input.on('error', () => undefined);
      if (Buffer.isBuffer(options.stdin)) input.end(options.stdin);
      else {
        const source = options.stdin;
        source.on('error', (error) => {
          child.kill('SIGKILL');
          finish(new FfmpegError(`ffmpeg input failed: ${error.message}`, null, stderr, false));
        });
        source.pipe(input);
      }
    }

    child.on('error', (error) => {
      finish(new FfmpegError(`ffmpeg could not be started: ${error.message}`, null, '', false));
    });
    child.on('close', (code, signal) => {
      // A stream ffmpeg stopped reading is of no further use; release its file.
      if (options.stdin && !Buffer.isBuffer(options.stdin)) options.stdin.destroy();
      if (timedOut) {
        finish(
          new FfmpegError(`ffmpeg ran longer than ${options.timeoutMs} ms`, code, stderr, true),
        );
      } else if (overflow) {
        finish(new FfmpegError(`ffmpeg wrote more than ${maxStdout} bytes`, code, stderr, false));
      } else if (code !== 0) {
        const last = stderr.trim().split('\n').at(-1) ?? '';
        finish(
          new FfmpegError(
            `ffmpeg exited with ${code ?? signal}${last ? `: ${last}` : ''}`,
            code,
            stderr,
            false,
          ),
        );
      } else finish(null);
    });
  });
}

/** The npm package's binary for this platform, or null when the package is not installed. */
export function npmFfmpegPath(): string | null {
  const pkg = `@ffmpeg-installer/${process.platform}-${process.arch}`;
  try {
    const manifest = createRequire(import.meta.url).resolve(`${pkg}/package.json`);
    return path.join(
      path.dirname(manifest),
      process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg',
    );
  } catch {
    return null;
  }
}

async function probe(binary: string, source: FfmpegSource): Promise<Ffmpeg | string> {
  if (path.isAbsolute(binary) || binary.includes(path.sep)) {
    try {
      await fs.access(binary, fsConstants.X_OK);
    } catch {
      return `${source} ${binary}: not found or not executable`;
    }
  }
  try {
    const { stdout } = await runFfmpeg(binary, ['-hide_banner', '-version'], {
      timeoutMs: 15_000,
      maxStdoutBytes: 64 * 1024,
    });
    const version = /^ffmpeg version (\S+)/m.exec(stdout.toString('utf8'))?.[1];
    if (!version) return `${source} ${binary}: does not report an ffmpeg version`;
    return { path: binary, source, version };
  } catch (error) {
    return `${source} ${binary}: ${(error as Error).message}`;
  }
}

async function lookup(configured: string | undefined): Promise<FfmpegLookup> {
  const rejected: string[] = [];
  const candidates: Array<[string, FfmpegSource]> = [];
  if (configured) candidates.push([path.resolve(configured), 'FFMPEG_PATH']);
  else {
    const npm = npmFfmpegPath();
    if (npm) candidates.push([npm, 'npm']);
    else rejected.push(`npm @ffmpeg-installer/${process.platform}-${process.arch}: not installed`);
    candidates.push(['ffmpeg', 'PATH']);
  }
  for (const [binary, source] of candidates) {
    const found = await probe(binary, source);
    if (typeof found !== 'string') return { ffmpeg: found, rejected };
    rejected.push(found);
  }
  return { ffmpeg: null, rejected };
}

const lookups = new Map<string, Promise<FfmpegLookup>>();
/** A miss may be a probe that timed out on a busy machine: it is looked up again after this. */
const MISS_KEPT_MS = 60_000;

/**
 * Finds ffmpeg once per configured value (FFMPEG_PATH); later calls reuse the answer. A miss is
 * kept for a minute only, so one slow or failed probe does not leave the process without
 * ffmpeg for good.
 */
export function locateFfmpeg(configured: string | undefined): Promise<FfmpegLookup> {
  const key = configured ?? '';
  let found = lookups.get(key);
  if (!found) {
    found = lookup(configured || undefined);
    lookups.set(key, found);
    void found.then((result) => {
      if (result.ffmpeg) return;
      setTimeout(() => lookups.delete(key), MISS_KEPT_MS).unref();
    });
  }
  return found;
}
