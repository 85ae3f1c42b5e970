import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createApp } from '#server/app.ts';
import { openDatabase, type Database } from '#server/platform/db/client.ts';
import { loadEnv } from '#server/platform/env.ts';
import { hashToken } from '#server/platform/security/tokens.ts';
import { createRuntime, type Runtime } from '#server/runtime.ts';
import { processMedia, THUMBNAIL_SIZE } from '#server/features/media/media.jobs.ts';
import { recordSampleVideo } from '#server/test/media-samples.ts';
import { extractPoster, remuxWithoutMetadata } from '#server/features/media/video.ts';
import { locateFfmpeg } from '#server/platform/media-tools/ffmpeg.ts';
import { MEDIA_NAME_HEADER, mediaRoutes } from '#shared/contracts/media.contract.ts';
import {
  REPO_ROOT,
  formatMs,
  log,
  median,
  round,
  runLoad,
  table,
  type BenchConfig,
  type LoadResult,
} from './lib.ts';

// The media library's three figures, each against a physical limit measured in the same run:
//  1. a 10 MB JPEG from upload to thumbnail ready, against sharp doing the same decode/encode work
//     directly on the file (and against writing 10 MB to the same disk); beside it a 10 MB MP4
//     (720p H.264) from upload to thumbnail ready, against ffmpeg and sharp doing the same work
//     (copy without metadata, poster frame, thumbnail) directly on the file;
//  2. listing a library of 10,000 items (first page, a deep keyset page, a name search), against
//     the same SQL on the raw connection without HTTP, sessions or row-level security;
//  3. peak memory while 20 uploads are processed at once, against what holding the 20 decoded
//     images would take.
// Embedded database (PGlite) and the local-disk storage: the defaults of a fresh installation.

const LIBRARY_ITEMS = 10_000;
const PARALLEL_UPLOADS = 20;
const CONCURRENCY = 4;

export interface MediaBenchResult {
  upload10mb: {
    fileBytes: number;
    width: number;
    height: number;
    runs: number;
    uploadMs: number;
    processMs: number;
    totalMs: number;
    rawSharpMs: number;
    diskWriteMs: number;
    ratioVsRawSharp: number;
  };
  /** Null when no ffmpeg is installed (videos then get no thumbnail). */
  upload10mbVideo: {
    fileBytes: number;
    width: number;
    height: number;
    seconds: number;
    runs: number;
    ffmpeg: string;
    uploadMs: number;
    processMs: number;
    totalMs: number;
    rawToolsMs: number;
    ratioVsRawTools: number;
    locationRemoved: boolean;
  } | null;
  listing: Array<{
    name: string;
    api: LoadResult;
    raw: LoadResult;
    ratioP99: number;
    plan: string;
  }>;
  memory: {
    uploads: number;
    inputBytes: number;
    decodedBytesIfBuffered: number;
    baselineRssMiB: number;
    peakRssMiB: number;
    peakDeltaMiB: number;
    ratioVsDecoded: number;
    wallS: number;
  };
}

async function noiseJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  // Random pixels are the worst case for a codec: the largest file for its size, no shortcuts.
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

async function tenJpeg(): Promise<{ data: Buffer; width: number; height: number }> {
  let width = 2400;
  let height = 1800;
  for (;;) {
    const data = await noiseJpeg(width, height, 90);
    if (data.length >= 10 * 1024 * 1024 || width > 8000) return { data, width, height };
    const grow = Math.sqrt((10.3 * 1024 * 1024) / data.length);
    width = Math.ceil(width * grow);
    height = Math.ceil(height * grow);
  }
}

async function signedInTenant(database: Database): Promise<{ tenantId: string; cookie: string }> {
  const tenantId = crypto.randomUUID();
  const token = randomBytes(32).toString('base64url');
  await database.query(
    `insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`,
    [tenantId, `media-bench-${tenantId.slice(0, 8)}@example.com`],
  );
  await database.query(`insert into public.profiles (id, full_name) values ($1, 'Bench')`, [
    tenantId,
  ]);
  await database.query(
    `insert into public.subscription (user_id, plan, status) values ($1, 'premium', 'active')`,
    [tenantId],
  );
  await database.query(
    `insert into auth.sessions (user_id, token_hash, expires_at, idle_expires_at, absolute_expires_at)
     values ($1, $2, now() + interval '1 day', now() + interval '14 days', now() + interval '30 days')`,
    [tenantId, hashToken(token)],
  );
  return { tenantId, cookie: `sg_session=${token}` };
}

async function upload(
  app: ReturnType<typeof createApp>,
  cookie: string,
  data: Buffer,
  name: string,
) {
  const response = await app.request(mediaRoutes.upload, {
    method: 'POST',
    headers: {
      cookie,
      origin: 'http://localhost:3000',
      'content-type': 'application/octet-stream',
      [MEDIA_NAME_HEADER]: encodeURIComponent(name),
    },
    body: data,
  });
  const body = (await response.json()) as { data?: { id: string }; error?: string };
  if (response.status !== 201 || !body.data)
    throw new Error(`upload ${response.status}: ${JSON.stringify(body)}`);
  return body.data.id;
}

async function benchUpload(
  runtime: Runtime,
  app: ReturnType<typeof createApp>,
  tenant: { tenantId: string; cookie: string },
  dir: string,
  runs: number,
) {
  const { data, width, height } = await tenJpeg();
  const source = path.join(dir, 'ten.jpg');
  fs.writeFileSync(source, data);
  log(`media: 10 MB JPEG is ${width}×${height}, ${round(data.length / 2 ** 20, 2)} MiB`);

  const uploadMs: number[] = [];
  const processMs: number[] = [];
  const rawMs: number[] = [];
  const diskMs: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let t0 = performance.now();
    const id = await upload(app, tenant.cookie, data, `ten-${i}.jpg`);
    uploadMs.push(performance.now() - t0);
    t0 = performance.now();
    await processMedia(runtime.deps, { tenantId: tenant.tenantId, mediaId: id });
    processMs.push(performance.now() - t0);

    // The same image work without us: decode, re-encode (what the upload does to strip
    // metadata) and the thumbnail (what the job does).
    t0 = performance.now();
    await sharp(source)
      .autoOrient()
      .keepIccProfile()
      .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
      .toFile(path.join(dir, 'raw.jpg'));
    await sharp(source)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' })
      .webp({ quality: 78 })
      .toBuffer();
    rawMs.push(performance.now() - t0);

    t0 = performance.now();
    const fd = fs.openSync(path.join(dir, 'disk.bin'), 'w');
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    diskMs.push(performance.now() - t0);
  }
  const total = uploadMs.map((u, i) => u + processMs[i]!);
  return {
    fileBytes: data.length,
    width,
    height,
    runs,
    uploadMs: round(median(uploadMs), 1),
    processMs: round(median(processMs), 1),
    totalMs: round(median(total), 1),
    rawSharpMs: round(median(rawMs), 1),
    diskWriteMs: round(median(diskMs), 1),
    ratioVsRawSharp: round(median(total) / median(rawMs), 2),
  };
}

async function benchVideo(
  runtime: Runtime,
  app: ReturnType<typeof createApp>,
  tenant: { tenantId: string; cookie: string },
  dir: string,
  runs: number,
): Promise<MediaBenchResult['upload10mbVideo']> {
  const { ffmpeg } = await locateFfmpeg(runtime.deps.env.FFMPEG_PATH);
  if (!ffmpeg) {
    log('media: no ffmpeg, the video figure is skipped');
    return null;
  }
  const [width, height, seconds] = [1280, 720, 10];
  const source = path.join(dir, 'ten.mp4');
  // Film grain at 8 Mbit/s: about 10 MB for 10 s, with a location like a phone writes.
  await recordSampleVideo(ffmpeg, source, {
    width,
    height,
    seconds,
    noise: true,
    bitrate: '8M',
    location: true,
  });
  const data = fs.readFileSync(source);
  log(
    `media: 10 MB MP4 is ${width}×${height}, ${seconds} s, ${round(data.length / 2 ** 20, 2)} MiB`,
  );

  const uploadMs: number[] = [];
  const processMs: number[] = [];
  const rawMs: number[] = [];
  let locationRemoved = true;
  for (let i = 0; i < runs; i += 1) {
    let t0 = performance.now();
    const id = await upload(app, tenant.cookie, data, `ten-${i}.mp4`);
    uploadMs.push(performance.now() - t0);
    t0 = performance.now();
    await processMedia(runtime.deps, { tenantId: tenant.tenantId, mediaId: id });
    processMs.push(performance.now() - t0);
    const item = (await (
      await app.request(mediaRoutes.item(id), { headers: { cookie: tenant.cookie } })
    ).json()) as { data: { location_removed: boolean; status: string } };
    locationRemoved &&= item.data.location_removed && item.data.status === 'ready';

    // The same tool work without us: the copy, a poster frame from it, the thumbnail.
    t0 = performance.now();
    const clean = path.join(dir, 'raw-clean.mp4');
    await remuxWithoutMetadata(ffmpeg, source, clean, {
      mimeType: 'video/mp4',
      videoCodec: 'avc1',
      sizeBytes: data.length,
    });
    await extractPoster(ffmpeg, clean, path.join(dir, 'raw-poster.png'), seconds * 1000);
    await sharp(path.join(dir, 'raw-poster.png'))
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' })
      .webp({ quality: 78 })
      .toBuffer();
    rawMs.push(performance.now() - t0);
  }
  const total = uploadMs.map((u, i) => u + processMs[i]!);
  return {
    fileBytes: data.length,
    width,
    height,
    seconds,
    runs,
    ffmpeg: `${ffmpeg.source} ${ffmpeg.version}`,
    uploadMs: round(median(uploadMs), 1),
    processMs: round(median(processMs), 1),
    totalMs: round(median(total), 1),
    rawToolsMs: round(median(rawMs), 1),
    ratioVsRawTools: round(median(total) / median(rawMs), 2),
    locationRemoved,
  };
}

async function seedLibrary(database: Database, tenantId: string): Promise<void> {
  await database.query(
    `insert into public.media_items
       (user_id, uploaded_by, name, kind, mime_type, size_bytes, width, height, content_hash, storage_key, status, tags, created_at)
     select $1::uuid, $1::uuid,
            (array['beach','cafe','team','launch','menu','event','product','story'])[1 + g % 8] || '-' || lpad(g::text, 5, '0') || '.jpg',
            case when g % 10 = 0 then 'video' else 'image' end,
            case when g % 10 = 0 then 'video/mp4' else 'image/jpeg' end,
            100000 + (g * 7919) % 9000000, 1080, 1350, md5(g::text), $1::text || '/' || g || '/original', 'ready',
            case when g % 3 = 0 then '{summer}'::text[] else '{}'::text[] end,
            now() - (g || ' minutes')::interval
     from generate_series(1, ${LIBRARY_ITEMS}) g`,
    [tenantId],
  );
  await database.query('analyze public.media_items');
}

const RAW_FIRST_PAGE = `select m.*, p.full_name from public.media_items m left join public.profiles p on p.id = m.uploaded_by
  where m.user_id = $1 order by m.name asc, m.id asc limit 101`;

async function benchListing(
  database: Database,
  app: ReturnType<typeof createApp>,
  tenant: { tenantId: string; cookie: string },
  scale: number,
) {
  const durationS = Math.max(2, 5 * scale);
  const deep = (
    await database.query<{ name: string; id: string }>(
      `select name, id from public.media_items where user_id = $1 order by name, id offset 8000 limit 1`,
      [tenant.tenantId],
    )
  ).rows[0]!;
  const cursor = Buffer.from(JSON.stringify({ v: deep.name, id: deep.id })).toString('base64url');
  const cases = [
    {
      name: 'first page (name asc)',
      url: mediaRoutes.list,
      sql: RAW_FIRST_PAGE,
      params: [tenant.tenantId],
    },
    {
      name: 'page after item 8,000',
      url: `${mediaRoutes.list}?cursor=${cursor}`,
      sql: `select m.*, p.full_name from public.media_items m left join public.profiles p on p.id = m.uploaded_by
             where m.user_id = $1 and (m.name, m.id) > ($2::text, $3::uuid) order by m.name asc, m.id asc limit 101`,
      params: [tenant.tenantId, deep.name, deep.id],
    },
    {
      name: 'search "cafe" + tag',
      url: `${mediaRoutes.list}?search=cafe&tag=summer`,
      sql: `select m.*, p.full_name from public.media_items m left join public.profiles p on p.id = m.uploaded_by
             where m.user_id = $1 and m.name ilike '%cafe%' and m.tags @> '{summer}' order by m.name asc, m.id asc limit 101`,
      params: [tenant.tenantId],
    },
  ];
  const results: MediaBenchResult['listing'] = [];
  for (const c of cases) {
    const plan = (await database.query<{ 'QUERY PLAN': string }>(`explain ${c.sql}`, c.params)).rows
      .map((r) => r['QUERY PLAN'])
      .join(' | ');
    const api = await runLoad({
      concurrency: CONCURRENCY,
      warmupS: 1,
      durationS,
      op: async () => {
        const response = await app.request(c.url, { headers: { cookie: tenant.cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`GET ${c.url}: ${response.status}`);
      },
    });
    const raw = await runLoad({
      concurrency: CONCURRENCY,
      warmupS: 1,
      durationS,
      op: async () => {
        await database.query(c.sql, c.params);
      },
    });
    results.push({ name: c.name, api, raw, ratioP99: round(api.p99Ms / raw.p99Ms, 2), plan });
  }
  return results;
}

/** Parent side: writes the 20 files to disk and measures in a fresh process (see below). */
function benchMemory(dir: string): Promise<MediaBenchResult['memory']> {
  return (async () => {
    const files = path.join(dir, 'parallel');
    fs.mkdirSync(files, { recursive: true });
    for (let i = 0; i < PARALLEL_UPLOADS; i += 1) {
      fs.writeFileSync(path.join(files, `${i}.jpg`), await noiseJpeg(2000 + i, 1500, 90));
    }
    // RSS never shrinks back, so the figure comes from a process that did nothing else first.
    const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], {
      cwd: REPO_ROOT,
      env: { ...process.env, MEDIA_BENCH_MEMORY_DIR: dir },
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 10 * 1024 * 1024,
    });
    const line = child.stdout.split('\n').find((l) => l.startsWith('{"uploads"'));
    if (child.status !== 0 || !line) {
      throw new Error(`memory child failed (${child.status}): ${child.stderr.slice(-2000)}`);
    }
    return JSON.parse(line) as MediaBenchResult['memory'];
  })();
}

/** Child side: a runtime of its own; baseline RSS once it is up, then 20 uploads at once. */
async function memoryChild(dir: string): Promise<void> {
  const dataDir = path.join(dir, 'child-data');
  const database = await openDatabase({ dataDir });
  const runtime = await createRuntime(benchEnv(dataDir), { database });
  try {
    const app = createApp(runtime.deps, { serveWeb: false });
    const tenant = await signedInTenant(database);
    // No warm-up: RSS never shrinks back, so a warm-up upload would already hold the peak.
    const names = Array.from({ length: PARALLEL_UPLOADS }, (_, i) =>
      path.join(dir, 'parallel', `${i}.jpg`),
    );
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const t0 = performance.now();
    let inputBytes = 0;
    await Promise.all(
      names.map(async (file, i) => {
        const data = fs.readFileSync(file);
        inputBytes += data.length;
        const id = await upload(app, tenant.cookie, data, `parallel-${i}.jpg`);
        await processMedia(runtime.deps, { tenantId: tenant.tenantId, mediaId: id });
      }),
    );
    const wallS = (performance.now() - t0) / 1000;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    const decoded = names.reduce((n, _f, i) => n + (2000 + i) * 1500 * 3, 0);
    const mib = (bytes: number) => round(bytes / 2 ** 20, 1);
    const result: MediaBenchResult['memory'] = {
      uploads: PARALLEL_UPLOADS,
      inputBytes,
      decodedBytesIfBuffered: decoded,
      baselineRssMiB: mib(baseline),
      peakRssMiB: mib(peak),
      peakDeltaMiB: mib(peak - baseline),
      ratioVsDecoded: round((peak - baseline) / decoded, 2),
      wallS: round(wallS, 1),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await runtime.close();
    await database.close();
  }
}

function benchEnv(dataDir: string) {
  return loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
    APP_URL: 'http://localhost:3000',
    DEV_MAILBOX: '0',
  });
}

export async function media(config: BenchConfig): Promise<MediaBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-media-bench-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'data') });
  const runtime = await createRuntime(benchEnv(path.join(dir, 'data')), { database });
  try {
    const app = createApp(runtime.deps, { serveWeb: false });
    const tenant = await signedInTenant(database);
    log(`media: ${PARALLEL_UPLOADS} uploads at once ...`);
    const memory = await benchMemory(dir);

    const runs = Math.max(2, Math.round(5 * config.scale));
    log(`media: 10 MB JPEG upload → thumbnail, ${runs} runs ...`);
    const upload10mb = await benchUpload(runtime, app, tenant, dir, runs);
    log(`media: 10 MB MP4 upload → thumbnail, ${runs} runs ...`);
    const upload10mbVideo = await benchVideo(runtime, app, tenant, dir, runs);

    const library = await signedInTenant(database);
    log(`media: seeding a library of ${LIBRARY_ITEMS} items ...`);
    await seedLibrary(database, library.tenantId);
    const listing = await benchListing(database, app, library, config.scale);

    return { upload10mb, upload10mbVideo, listing, memory };
  } finally {
    await runtime.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printMedia(result: MediaBenchResult): string {
  const u = result.upload10mb;
  const v = result.upload10mbVideo;
  const m = result.memory;
  return [
    `10 MB JPEG (${u.width}×${u.height}, ${round(u.fileBytes / 2 ** 20, 2)} MiB), median of ${u.runs}:`,
    table([
      ['step', 'ms'],
      ['upload (stream, check, decode + re-encode, store, record)', formatMs(u.uploadMs)],
      ['processing job (thumbnail)', formatMs(u.processMs)],
      ['upload → thumbnail ready', formatMs(u.totalMs)],
      ['raw sharp: re-encode + thumbnail of the same file', formatMs(u.rawSharpMs)],
      ['raw disk: write + fsync 10 MB', formatMs(u.diskWriteMs)],
    ]),
    `ratio upload→ready / raw sharp: ${u.ratioVsRawSharp}×`,
    '',
    ...(v
      ? [
          `10 MB MP4 (${v.width}×${v.height}, ${v.seconds} s H.264/AAC, ${round(v.fileBytes / 2 ** 20, 2)} MiB, ffmpeg ${v.ffmpeg}), median of ${v.runs}:`,
          table([
            ['step', 'ms'],
            ['upload (stream, check boxes, store, record)', formatMs(v.uploadMs)],
            ['processing job (copy without metadata, poster, thumbnail)', formatMs(v.processMs)],
            ['upload → thumbnail ready', formatMs(v.totalMs)],
            [
              'raw ffmpeg + sharp: copy, poster, thumbnail of the same file',
              formatMs(v.rawToolsMs),
            ],
          ]),
          `ratio upload→ready / raw tools: ${v.ratioVsRawTools}×; location removed: ${v.locationRemoved ? 'yes' : 'NO'}`,
          `beside the JPEG: upload → thumbnail ready ${formatMs(u.totalMs)} (JPEG) vs ${formatMs(v.totalMs)} (MP4)`,
        ]
      : ['10 MB MP4: skipped, no ffmpeg (videos get no thumbnail)']),
    '',
    `Listing a library of ${LIBRARY_ITEMS} items (100 per page), ${CONCURRENCY} concurrent:`,
    table([
      ['query', 'API p50', 'API p99', 'raw p50', 'raw p99', 'p99 ratio', 'API req/s'],
      ...result.listing.map((l) => [
        l.name,
        formatMs(l.api.p50Ms),
        formatMs(l.api.p99Ms),
        formatMs(l.raw.p50Ms),
        formatMs(l.raw.p99Ms),
        `${l.ratioP99}×`,
        l.api.throughput,
      ]),
    ]),
    ...result.listing.map((l) => `plan (${l.name}): ${l.plan.slice(0, 240)}`),
    '',
    `${m.uploads} uploads at once (${round(m.inputBytes / 2 ** 20, 1)} MiB of JPEG, ${round(m.decodedBytesIfBuffered / 2 ** 20, 1)} MiB if all were decoded at once): ` +
      `RSS ${m.baselineRssMiB} → peak ${m.peakRssMiB} MiB (+${m.peakDeltaMiB} MiB, ${m.ratioVsDecoded}× the all-decoded size), ${m.wallS} s`,
  ].join('\n');
}

const childDir = process.env.MEDIA_BENCH_MEMORY_DIR;
if (childDir) {
  memoryChild(childDir).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
