import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FfmpegError,
  lastLines,
  locateFfmpeg,
  npmFfmpegPath,
  runFfmpeg,
  STDERR_REPORTED_BYTES,
} from './ffmpeg.ts';

const found = await locateFfmpeg(undefined);
const ffmpeg = found.ffmpeg;

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ffmpeg-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('what an error keeps of stderr', () => {
  it('keeps the last whole lines within 2 KB, the end of one longer line, and all of a short one', () => {
    expect(STDERR_REPORTED_BYTES).toBe(2048);
    expect(lastLines('one\ntwo\n\n')).toBe('one\ntwo');
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i}: invalid data`);
    const kept = lastLines(lines.join('\n'));
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(2048);
    expect(Buffer.byteLength(kept)).toBeGreaterThan(2048 - 30);
    expect(kept.endsWith('line 199: invalid data')).toBe(true);
    // Only whole lines: the cut one is left out.
    expect(lines).toEqual(expect.arrayContaining(kept.split('\n')));
    expect(lastLines('ab\ncd\nef', 5)).toBe('cd\nef');
    // One line longer than the limit, cut inside a character of several bytes.
    expect(lastLines(`${'é'.repeat(30)}x`, 10)).toBe('ééééx');
  });

  it('bounds the stderr an FfmpegError carries into the log', () => {
    const error = new FfmpegError('ffmpeg exited with 1', 1, 'x'.repeat(9000), false);
    expect(error.stderr).toHaveLength(STDERR_REPORTED_BYTES);
  });
});

describe('locating ffmpeg', () => {
  it('uses only FFMPEG_PATH when it is set, and reports none when that file does not exist', async () => {
    const missing = path.join(os.tmpdir(), 'no-such-dir', 'ffmpeg');
    const lookup = await locateFfmpeg(missing);
    expect(lookup.ffmpeg).toBeNull();
    expect(lookup.rejected).toEqual([`FFMPEG_PATH ${missing}: not found or not executable`]);
    // Asked again, the same answer without looking again.
    expect(await locateFfmpeg(missing)).toBe(lookup);
  });

  it('refuses a file that is not ffmpeg', async () => {
    const fake = path.join(dir, 'fake-ffmpeg');
    await fs.writeFile(fake, '#!/bin/sh\necho hello\n', { mode: 0o755 });
    const lookup = await locateFfmpeg(fake);
    expect(lookup.ffmpeg).toBeNull();
    expect(lookup.rejected[0]).toMatch(/does not report an ffmpeg version/);
  });

  it.skipIf(!npmFfmpegPath())('finds the npm build when FFMPEG_PATH is not set', () => {
    expect(ffmpeg).toMatchObject({ source: 'npm', path: npmFfmpegPath() });
    expect(ffmpeg!.version).not.toBe('');
  });

  it.skipIf(!ffmpeg)('takes FFMPEG_PATH pointing at a working ffmpeg', async () => {
    const lookup = await locateFfmpeg(ffmpeg!.path === 'ffmpeg' ? undefined : ffmpeg!.path);
    expect(lookup.ffmpeg?.version).toBe(ffmpeg!.version);
  });
});

describe.skipIf(!ffmpeg)('running ffmpeg', () => {
  const bin = () => ffmpeg!.path;
  const testVideo = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=1:size=160x120:rate=10',
    '-c:v',
    'mpeg4',
  ];

  it('writes to a file from argument arrays, with no shell in between', async () => {
    const target = path.join(dir, 'a b; $(touch pwned).mp4');
    await runFfmpeg(bin(), [...testVideo, '-f', 'mp4', '-y', `file:${target}`], {
      timeoutMs: 30_000,
    });
    expect((await fs.stat(target)).size).toBeGreaterThan(1000);
    await expect(fs.stat(path.join(process.cwd(), 'pwned'))).rejects.toThrow();
  });

  it('reads input from a stream on stdin and collects stdout up to a limit', async () => {
    const source = path.join(dir, 'stdin.mp4');
    await runFfmpeg(bin(), [...testVideo, '-f', 'mp4', '-y', source], { timeoutMs: 30_000 });
    const { stdout } = await runFfmpeg(
      bin(),
      ['-hide_banner', '-loglevel', 'error', '-f', 'mp4', '-i', 'pipe:0', '-f', 'framemd5', '-'],
      { timeoutMs: 30_000, stdin: createReadStream(source), maxStdoutBytes: 1024 * 1024 },
    );
    // One line per frame: 1 s at 10 fps.
    expect(
      stdout
        .toString('utf8')
        .split('\n')
        .filter((l) => /^0,/.test(l)),
    ).toHaveLength(10);

    await expect(
      runFfmpeg(bin(), ['-hide_banner', '-f', 'mp4', '-i', 'pipe:0', '-f', 'framemd5', '-'], {
        timeoutMs: 30_000,
        stdin: createReadStream(source),
        maxStdoutBytes: 100,
      }),
    ).rejects.toThrow(/more than 100 bytes/);
  });

  it('reports a failure with the end of stderr', async () => {
    const error = await runFfmpeg(
      bin(),
      ['-hide_banner', '-i', path.join(dir, 'missing.mp4'), '-f', 'null', '-'],
      { timeoutMs: 30_000 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).exitCode).not.toBe(0);
    expect((error as FfmpegError).timedOut).toBe(false);
    expect((error as FfmpegError).stderr).toMatch(/No such file/);
  });

  it('kills ffmpeg when it runs past its time limit', async () => {
    const started = Date.now();
    const error = await runFfmpeg(
      bin(),
      ['-hide_banner', '-re', '-f', 'lavfi', '-i', 'testsrc=duration=60', '-f', 'null', '-'],
      { timeoutMs: 500 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('says so when the binary cannot be started', async () => {
    await expect(
      runFfmpeg(path.join(dir, 'nothing-here'), ['-version'], { timeoutMs: 5000 }),
    ).rejects.toThrow(/could not be started/);
  });
});
