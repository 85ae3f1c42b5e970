import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  mediaItemSchema,
  mediaRoutes,
  MEDIA_NAME_HEADER,
  type MediaItem,
} from '#shared/contracts/media.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { publicMediaUrl } from '../publishing/media-urls.ts';
import { samplePng } from '#server/test/media-samples.ts';
import { storeMediaOnLocalS3 } from './media.test-helpers.ts';

// Byte ranges on both routes that serve library files: the signed-in one the library's <video>
// plays from, and the signed public address a platform fetches a post's media from.

let t: TestApp;
let a: SignedInUser;
let b: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  [a, b] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
});

async function uploadReady(user: SignedInUser, data: Buffer, name: string): Promise<MediaItem> {
  const response = await t.app.request(mediaRoutes.upload, {
    method: 'POST',
    headers: {
      cookie: user.client.cookie!,
      origin: 'http://localhost:3000',
      'x-forwarded-for': user.client.ip,
      'content-type': 'application/octet-stream',
      [MEDIA_NAME_HEADER]: encodeURIComponent(name),
    },
    body: data,
  });
  expect(response.status).toBe(201);
  const item = mediaItemSchema.parse(((await response.json()) as { data: unknown }).data);
  // The job may rewrite the original (location stripped); read it only once it is done.
  for (let i = 0; i < 100; i += 1) {
    const res = await user.client.request(mediaRoutes.item(item.id));
    if (res.json.data.status !== 'processing') return mediaItemSchema.parse(res.json.data);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`media ${item.id} still processing`);
}

async function get(
  url: string,
  user: SignedInUser | null,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  const response = await t.app.request(url, {
    method,
    headers: {
      ...(user ? { cookie: user.client.cookie!, 'x-forwarded-for': user.client.ip } : {}),
      ...headers,
    },
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

function publicUrl(user: SignedInUser, item: MediaItem): string {
  return publicMediaUrl(
    t.runtime.deps,
    user.userId,
    { id: item.id, kind: item.kind, mimeType: item.mime_type, instagramKey: null },
    'facebook',
  );
}

const SANDBOX = "default-src 'none'; sandbox";

describe.each([
  ['the library route', (_user: SignedInUser, item: MediaItem) => mediaRoutes.file(item.id), true],
  ['the signed public address', publicUrl, false],
] as const)('byte ranges on %s', (_name, urlOf, signedIn) => {
  let item: MediaItem;
  let whole: Buffer;
  let url: string;
  const as = () => (signedIn ? a : null);

  beforeAll(async () => {
    item = await uploadReady(a, await samplePng(400, 300), 'clip.png');
    url = urlOf(a, item);
    const res = await get(url, as());
    expect(res.response.status).toBe(200);
    whole = res.body;
    expect(whole.length).toBe(item.size_bytes);
  });

  it('says it takes ranges on a whole answer, keeping the security headers', async () => {
    const { response } = await get(url, as());
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(whole.length));
    expect(response.headers.get('content-range')).toBeNull();
    expect(response.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    if (signedIn) {
      expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''clip.png");
    }
  });

  it.each([
    ['a middle range', 'bytes=100-199', 100, 199],
    ['Safari’s probe', 'bytes=0-1', 0, 1],
    ['one byte', 'bytes=0-0', 0, 0],
  ])('answers %s with 206 and exactly those bytes', async (_label, range, start, end) => {
    const { response, body } = await get(url, as(), { range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${whole.length}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(body.equals(whole.subarray(start, end + 1))).toBe(true);
  });

  it('answers an open-ended, a suffix and an overlong range with the right part', async () => {
    const size = whole.length;
    const open = await get(url, as(), { range: `bytes=${size - 50}-` });
    expect(open.response.status).toBe(206);
    expect(open.response.headers.get('content-range')).toBe(
      `bytes ${size - 50}-${size - 1}/${size}`,
    );
    expect(open.body.equals(whole.subarray(size - 50))).toBe(true);

    const suffix = await get(url, as(), { range: 'bytes=-30' });
    expect(suffix.response.status).toBe(206);
    expect(suffix.response.headers.get('content-range')).toBe(
      `bytes ${size - 30}-${size - 1}/${size}`,
    );
    expect(suffix.response.headers.get('content-length')).toBe('30');
    expect(suffix.body.equals(whole.subarray(size - 30))).toBe(true);

    const overlong = await get(url, as(), { range: `bytes=10-${size * 10}` });
    expect(overlong.response.status).toBe(206);
    expect(overlong.response.headers.get('content-range')).toBe(`bytes 10-${size - 1}/${size}`);
    expect(overlong.body.equals(whole.subarray(10))).toBe(true);

    const huge = await get(url, as(), { range: 'bytes=10-99999999999999999999999' });
    expect(huge.response.status).toBe(206);
    expect(huge.response.headers.get('content-range')).toBe(`bytes 10-${size - 1}/${size}`);
    expect(huge.body.equals(whole.subarray(10))).toBe(true);
  });

  it('refuses a range past the end with 416 and the size', async () => {
    for (const range of [
      `bytes=${whole.length}-`,
      `bytes=${whole.length + 100}-${whole.length + 200}`,
      // Past any file: a start too large for a safe integer.
      'bytes=99999999999999999999999-',
    ]) {
      const { response, body } = await get(url, as(), { range });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${whole.length}`);
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-length')).toBe('0');
      expect(body.length).toBe(0);
    }
  });

  it.each([
    ['several ranges', { range: 'bytes=0-9,20-29' }],
    ['a malformed header', { range: 'bytes=abc-def' }],
    ['another unit', { range: 'items=0-1' }],
    ['a reversed range', { range: 'bytes=9-0' }],
    ['If-Range (no validator of ours can match it)', { range: 'bytes=0-9', 'if-range': '"x"' }],
  ])('answers %s with the whole file', async (_label, headers) => {
    const { response, body } = await get(url, as(), headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBeNull();
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(body.equals(whole)).toBe(true);
  });

  it('answers HEAD with the headers and no body, ignoring a range', async () => {
    for (const headers of [{}, { range: 'bytes=0-9' }] as Array<Record<string, string>>) {
      const { response, body } = await get(url, as(), headers, 'HEAD');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe(String(whole.length));
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(body.length).toBe(0);
    }
  });
});

describe('access before ranges', () => {
  let item: MediaItem;
  beforeAll(async () => {
    item = await uploadReady(a, await samplePng(200, 200), 'private.png');
  });

  it('gives another business the refusal, whatever range it asks for', async () => {
    for (const range of ['bytes=0-9', 'bytes=999999-', 'bytes=-5', 'bytes=0-1,4-5']) {
      for (const variant of ['original', 'thumbnail'] as const) {
        const { response, body } = await get(mediaRoutes.file(item.id, variant), b, { range });
        expect(response.status, `${variant} ${range}`).toBe(404);
        expect(response.headers.get('content-range')).toBeNull();
        expect(body.toString()).not.toContain('PNG');
      }
    }
    expect((await get(mediaRoutes.file(item.id), b, {}, 'HEAD')).response.status).toBe(404);
  });

  it('gives a signed-out visitor 401 and a forged or foreign address 404, with a range', async () => {
    expect(
      (await get(mediaRoutes.file(item.id), null, { range: 'bytes=0-9' })).response.status,
    ).toBe(401);
    const url = publicUrl(a, item);
    const forged = url.replace(/\/([^/]+)\/([^/]+)$/, (_m, token: string, file: string) => {
      const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      return `/${flipped}/${file}`;
    });
    for (const bad of [forged, publicUrl(b, item)]) {
      const { response } = await get(bad, null, { range: 'bytes=999999-' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-range')).toBeNull();
    }
  });
});

describe('byte ranges on S3-compatible storage', () => {
  const s3 = storeMediaOnLocalS3(() => t);

  it('serves a range, a suffix and a 416 from the bucket on both routes', async () => {
    const user = await createSignedInUser(t);
    const item = await uploadReady(user, await samplePng(300, 200), 'bucket.png');
    for (const [url, as] of [
      [mediaRoutes.file(item.id), user],
      [publicUrl(user, item), null],
    ] as const) {
      const whole = (await get(url, as)).body;
      expect(whole.length).toBe(item.size_bytes);
      const middle = await get(url, as, { range: 'bytes=40-89' });
      expect(middle.response.status).toBe(206);
      expect(middle.response.headers.get('content-range')).toBe(`bytes 40-89/${whole.length}`);
      expect(middle.body.equals(whole.subarray(40, 90))).toBe(true);
      const suffix = await get(url, as, { range: 'bytes=-16' });
      expect(suffix.response.status).toBe(206);
      expect(suffix.body.equals(whole.subarray(whole.length - 16))).toBe(true);
      const refused = await get(url, as, { range: `bytes=${whole.length}-` });
      expect(refused.response.status).toBe(416);
      expect(refused.response.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    }
  });

  it('seeks with one request to the bucket: no HEAD before a ranged GET', async () => {
    const user = await createSignedInUser(t);
    const item = await uploadReady(user, await samplePng(300, 200), 'seek.png');
    const size = item.size_bytes;
    const stat = vi.spyOn(s3(), 'stat');
    const read = vi.spyOn(s3(), 'get');
    try {
      for (const [range, start, end] of [
        ['bytes=40-89', 40, 89],
        ['bytes=100-', 100, size - 1],
        [`bytes=10-${size * 10}`, 10, size - 1],
      ] as const) {
        const { response } = await get(mediaRoutes.file(item.id), user, { range });
        expect(response.status, range).toBe(206);
        expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      }
      expect(read).toHaveBeenCalledTimes(3);
      expect(stat).not.toHaveBeenCalled();
    } finally {
      stat.mockRestore();
      read.mockRestore();
    }
  });
});
