import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleError } from '#server/platform/http/errors.ts';
import { findUnsafeInput, MAX_JSON_DEPTH } from '#server/platform/http/input-guard.ts';
import { requireHttpsInProduction } from '#server/platform/security/stored-urls.ts';
import { metaRuntime } from '#server/features/platforms/meta-runtime.ts';
import { expectError } from '#server/test/expect-error.ts';
import {
  STRONG_PASSWORD,
  TestClient,
  createSignedInUser,
  getTestApp,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';

// Finding 7 of the security review: input that answered 500 with the database's own words, and
// stored addresses that could be `javascript:` links. Each case is replayed; none may answer 500
// or let PostgreSQL's text through.

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
});

const NUL = '\u0000';
const DATABASE_WORDS = /invalid byte sequence|invalid input syntax|0x00|bigint|stack/i;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expectRefused(res: { status: number; text: string; json: any }, field?: string) {
  expectError(res, 400, 'VALIDATION_ERROR');
  expect(res.text).not.toMatch(DATABASE_WORDS);
  if (field) expect(Object.keys(res.json.metadata.fieldErrors ?? {})).toContain(field);
}

/** JSON text of arrays nested `depth` deep (JSON.stringify itself would overflow the stack). */
function nestedText(depth: number): string {
  return `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
}

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('NUL characters', () => {
  it('are refused in the bodies of requests made without signing in', async () => {
    const visitor = new TestClient(t.app);
    expectRefused(
      await visitor.request('/api/auth/sign-up', {
        json: {
          email: uniqueEmail(),
          password: STRONG_PASSWORD,
          businessName: `Bakery${NUL}`,
          fullName: 'Rosa',
        },
      }),
      'businessName',
    );
    expectRefused(
      await visitor.request('/api/contact', {
        json: { name: 'Ana', email: 'ana@example.com', message: `Hello${NUL} there, a question` },
      }),
      'message',
    );
    expectRefused(
      await visitor.request('/api/auth/sign-in', {
        json: { email: `a${NUL}@example.com`, password: 'x' },
      }),
      'email',
    );
  });

  it('are refused in titles, names, prompts, search and query parameters', async () => {
    const { client } = user;
    expectRefused(
      await client.request('/api/posts', {
        json: { post: { title: `Launch${NUL}` }, intent: 'draft' },
      }),
      'post.title',
    );
    expectRefused(
      await client.request('/api/business-profile', {
        method: 'PATCH',
        json: { business_name: `Dupont${NUL}` },
      }),
      'business_name',
    );
    expectRefused(
      await client.request('/api/profile', { method: 'PATCH', json: { full_name: `R${NUL}` } }),
      'full_name',
    );
    expectRefused(
      await client.request('/api/ai-content/generations/stream', {
        json: { prompt: `A post about bread${NUL}`, platform: 'instagram' },
      }),
      'prompt',
    );
    expectRefused(await client.request('/api/media?search=%00'), 'search');
    expectRefused(await client.request('/api/calendar-events?status=sched%00uled'), 'status');
    // A NUL in a key is refused as well as one in a value.
    expectRefused(
      await client.request('/api/posts', {
        json: { post: { [`title${NUL}`]: 'x' }, intent: 'draft' },
      }),
    );
  });
});

describe('over-deep JSON', () => {
  it('is refused before any handler walks it', async () => {
    const deep = `{"email":${nestedText(10_000)}}`;
    for (const path of ['/api/auth/sign-up', '/api/auth/sign-in', '/api/contact']) {
      expectRefused(
        await new TestClient(t.app).request(path, {
          body: deep,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    expectRefused(
      await user.client.request('/api/posts', {
        body: `{"post":{"title":${nestedText(10_000)}}}`,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });

  it('in a signed webhook is a 400, and a NUL in one is kept as U+FFFD', async () => {
    const secret = metaRuntime(t.runtime.deps).signingSecrets[0]!;
    const deliver = (raw: string) =>
      t.app.request('/meta/webhooks', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
        },
        body: raw,
      });
    const deep = await deliver(
      `{"object":"page","entry":[{"id":"1","changes":[{"field":"feed","value":${nestedText(10_000)}}]}]}`,
    );
    expect(deep.status).toBe(400);
    const withNul = await deliver(
      JSON.stringify({
        object: 'page',
        entry: [{ id: '1', time: 1, changes: [{ field: 'feed', value: { message: `hi${NUL}` } }] }],
      }),
    );
    expect(withNul.status).toBe(200);
  });

  it('is found at any depth without recursion', () => {
    expect(findUnsafeInput(JSON.parse(nestedText(100_000)))).toEqual({
      path: expect.any(String),
      problem: 'depth',
    });
    expect(findUnsafeInput(nested(MAX_JSON_DEPTH - 1))).toBeNull();
    expect(findUnsafeInput({ a: [{ b: `x${NUL}` }] })).toEqual({ path: 'a.0.b', problem: 'nul' });
  });
});

describe('cursors and ids', () => {
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const id = '00000000-0000-4000-8000-000000000000';

  it('a crafted media cursor is a 400, never a database error', async () => {
    for (const [sort, raw] of [
      ['size', cursor({ v: 'abc', id })],
      ['size', cursor({ v: 1.5, id })],
      ['-size', cursor({ v: '99999999999999999999999', id })],
      ['created_at', cursor({ v: '2026-13-45T99:00:00Z', id })],
      ['-created_at', cursor({ v: 12, id })],
      ['name', cursor({ v: 'a', id: "x'; drop table media_items; --" })],
      ['name', cursor([1, 2])],
      ['name', 'not base64 at all !!'],
    ] as const) {
      expectRefused(
        await user.client.request(`/api/media?sort=${sort}&cursor=${encodeURIComponent(raw)}`),
        'cursor',
      );
    }
  });

  it('no route answers 500 to a malformed id in its path', async () => {
    const spec = (await user.client.request('/api/openapi.json')).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const bad = ['not-a-uuid', '99999999999999999999999', "1'or'1'='1", '%E0%A4%A', '%2e%2e%2f'];
    const answers: string[] = [];
    for (const [template, operations] of Object.entries(spec.paths)) {
      if (!template.includes('{')) continue;
      for (const method of Object.keys(operations)) {
        for (const value of bad) {
          const path = template.replace(/\{[^}]+\}/g, value);
          const res = await user.client.request(path, {
            method: method.toUpperCase(),
            ...(method === 'get' || method === 'delete' ? {} : { json: {} }),
          });
          // The correlation id is random letters and digits: "…0x00…" in it is no leak.
          const text = res.text.replace(/"correlationId":"[^"]*"/, '');
          if (res.status >= 500 || DATABASE_WORDS.test(text)) {
            answers.push(`${method.toUpperCase()} ${path} → ${res.status}`);
          }
        }
      }
    }
    expect(answers).toEqual([]);
  });

  it('a database data exception caused by input is the catalogue 400, not its own words', async () => {
    const app = new Hono();
    app.onError(handleError as never);
    app.get('/boom', () => {
      throw Object.assign(new Error('invalid input syntax for type bigint: "abc"'), {
        code: '22P02',
      });
    });
    const res = await app.request('/boom');
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain('Please check your input and try again.');
    expect(body).not.toMatch(DATABASE_WORDS);
  });
});

describe('stored addresses', () => {
  it('avatar and logo addresses take https (or a stored image) and nothing that runs', async () => {
    const { client } = user;
    for (const avatar_url of [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'http://tracker.example/pixel.png',
      'ftp://files.example/a.png',
      '//evil.example/a.png',
    ]) {
      expectRefused(
        await client.request('/api/profile', { method: 'PATCH', json: { avatar_url } }),
        'avatar_url',
      );
      expectRefused(
        await client.request('/api/business-profile', {
          method: 'PATCH',
          json: { logo_url: avatar_url },
        }),
        'logo_url',
      );
    }
    const fine = await client.request('/api/profile', {
      method: 'PATCH',
      json: { avatar_url: 'https://cdn.example/rosa.png' },
    });
    expect(fine.status).toBe(200);
  });

  it('a website typed without its scheme is stored as https; other schemes are refused', async () => {
    const { client } = user;
    const typed = await client.request('/api/business-profile', {
      method: 'PATCH',
      json: { website: 'boulangerie-dupont.fr' },
    });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.json.data.website).toBe('https://boulangerie-dupont.fr');
    for (const website of ['javascript:alert(1)', 'http://boulangerie-dupont.fr', 'data:,hi']) {
      expectRefused(
        await client.request('/api/business-profile', { method: 'PATCH', json: { website } }),
        'website',
      );
    }
  });

  it('http on this machine is for development only', () => {
    const env = t.runtime.deps.env;
    expect(() =>
      requireHttpsInProduction(env, { avatar_url: 'http://localhost:3000/a.png' }),
    ).not.toThrow();
    expect(() =>
      requireHttpsInProduction(
        { ...env, NODE_ENV: 'production' },
        { avatar_url: 'http://localhost:3000/a.png' },
      ),
    ).toThrow();
  });
});
