import { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_STATUS,
  liveStatusMessageSchema,
  type LiveStatusMessage,
} from '#shared/contracts/publishing.contract.ts';
import { BUS_CHANNEL, connectInvalidationBus } from '#server/platform/bus.ts';
import { openDatabase } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { createLogger } from '#server/platform/logger.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { testDatabaseKind } from '#server/test/db.ts';
import { metaRuntime, SIMULATOR_BASE_PATH } from '../platforms/meta-runtime.ts';
import { announceEvent } from '../posts/index.ts';
import { LiveStatusHub, liveStatusHub } from './live-stream.ts';
import { runPublish } from './worker/publish.ts';
import {
  connectAll,
  insertScheduledPost,
  noDispatch,
  type Connected,
} from './publishing.test-helpers.ts';
import { addMember } from '#server/test/team.ts';

// GET /api/publishing/live through the real app and database: what one business's open
// calendars hear, what another business's do not, and when a stream ends (decision 081).

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let facebook: Connected;

beforeAll(async () => {
  t = await getTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  facebook = (await connectAll(t, owner)).find((a) => a.platform === 'facebook')!;
});

interface Frame {
  event: string;
  data: string;
}

/** An open stream read as a browser's EventSource would: named events, comments left out. */
interface OpenStream {
  status: number;
  headers: Headers;
  frames: Frame[];
  comments: string[];
  messages(): LiveStatusMessage[];
  ended(): boolean;
  close(): Promise<void>;
}

const streams: OpenStream[] = [];
afterEach(async () => {
  await Promise.all(streams.splice(0).map((s) => s.close()));
});

async function openStream(client: TestClient): Promise<OpenStream> {
  const res = await t.app.request('/api/publishing/live', {
    headers: {
      'x-forwarded-for': client.ip,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
  });
  return readStream(res);
}

function readStream(res: Response): OpenStream {
  const frames: Frame[] = [];
  const comments: string[] = [];
  let done = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) frames.push({ event, data: data.join('\n') });
        }
      }
    } catch {
      // Cancelled by the test.
    } finally {
      done = true;
    }
  })();
  const stream: OpenStream = {
    status: res.status,
    headers: res.headers,
    frames,
    comments,
    messages: () =>
      frames
        .filter((f) => f.event === 'status')
        .map((f) => liveStatusMessageSchema.parse(JSON.parse(f.data))),
    ended: () => done,
    close: async () => {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
  streams.push(stream);
  return stream;
}

async function createEvent(user: SignedInUser, title: string) {
  const res = await user.client.request('/api/posts', {
    json: { post: { title, content: `${title} text` }, intent: 'draft' },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.data as { id: string; status: string };
}

describe('GET /api/publishing/live', () => {
  it('answers 401 in the error envelope without a session', async () => {
    const res = await new TestClient(t.app).request('/api/publishing/live');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({
      success: false,
      metadata: { errorCode: 'UNAUTHORIZED' },
    });
  });

  it('streams unbuffered server-sent events, behind the usual security headers', async () => {
    const stream = await openStream(owner.client);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    // The first bytes arrive at once, before anything happens.
    await expect.poll(() => stream.comments.length).toBeGreaterThan(0);
  });

  it('tells the business of each status change the publishing worker makes, link included', async () => {
    const stream = await openStream(owner.client);
    const content = `Live ${crypto.randomUUID()}`;
    const { event, posts } = await insertScheduledPost(t, owner.userId, {
      content,
      at: new Date(Date.now() - 1000),
      targets: [{ connection: facebook }],
    });
    const post = posts[0]!;
    await runPublish(
      t.runtime.deps,
      { postId: post.id, userId: owner.userId, version: post.version },
      { dispatcher: noDispatch },
    );
    await expect
      .poll(() => stream.messages().filter((m) => m.event_id === event.id).length, {
        timeout: 5000,
      })
      .toBe(2);
    const [claimed, published] = stream.messages().filter((m) => m.event_id === event.id);
    expect(claimed).toMatchObject({
      status: 'publishing',
      delivery: { id: post.id, platform: 'facebook', status: 'publishing', permalink: null },
    });
    expect(published).toMatchObject({
      status: 'published',
      delivery: { id: post.id, platform: 'facebook', status: 'published', last_error: null },
    });
    // The simulator's page of the post, in demo mode (docs/decisions/058).
    expect(published!.delivery!.permalink).toMatch(
      new RegExp(`^${t.runtime.deps.env.appUrl}${SIMULATOR_BASE_PATH}/facebook/`),
    );
  });

  it('says why a delivery failed', async () => {
    const stream = await openStream(owner.client);
    const { event, posts } = await insertScheduledPost(t, owner.userId, {
      content: `Gone ${crypto.randomUUID()}`,
      at: new Date(Date.now() - 1000),
      targets: [{ connection: facebook, mediaIds: [crypto.randomUUID()] }],
    });
    await runPublish(
      t.runtime.deps,
      { postId: posts[0]!.id, userId: owner.userId, version: 1 },
      { dispatcher: noDispatch },
    );
    await expect
      .poll(() => stream.messages().find((m) => m.delivery?.status === 'failed'), {
        timeout: 5000,
      })
      .toMatchObject({
        event_id: event.id,
        status: 'failed',
        delivery: {
          platform: 'facebook',
          last_error:
            'A photo or video of this post was deleted from the media library. Add it again, then publish.',
        },
      });
  });

  it('does not tell another business, and tells each its own calendar changes', async () => {
    const mine = await openStream(owner.client);
    const theirs = await openStream(other.client);
    const { posts } = await insertScheduledPost(t, owner.userId, {
      content: `Private ${crypto.randomUUID()}`,
      at: new Date(Date.now() - 1000),
      targets: [{ connection: facebook }],
    });
    await runPublish(
      t.runtime.deps,
      { postId: posts[0]!.id, userId: owner.userId, version: 1 },
      { dispatcher: noDispatch },
    );
    // Messages arrive in commit order: once the other business hears its own later change, the
    // owner's earlier ones would have arrived before it.
    const created = await createEvent(other, 'Their own note');
    await expect
      .poll(() => theirs.messages().map((m) => [m.event_id, m.status]), { timeout: 5000 })
      .toEqual([[created.id, 'draft']]);
    expect(mine.messages().some((m) => m.event_id === created.id)).toBe(false);
    await expect
      .poll(() => mine.messages().filter((m) => m.delivery?.id === posts[0]!.id).length)
      .toBe(2);

    const deleted = await other.client.request(`/api/posts/${created.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    await expect
      .poll(() => theirs.messages().at(-1))
      .toMatchObject({ event_id: created.id, status: null, delivery: null });
  });

  it('tells nothing of a change that was rolled back', async () => {
    const stream = await openStream(owner.client);
    const rolledBack = crypto.randomUUID();
    await expect(
      withTenant(
        t.runtime.deps.database,
        { userId: owner.userId, tenantId: owner.userId },
        async (tx) => {
          await announceEvent(tx, owner.userId, rolledBack, 'published');
          throw new Error('changed my mind');
        },
      ),
    ).rejects.toThrow('changed my mind');
    const later = await createEvent(owner, 'After the rollback');
    await expect
      .poll(() => stream.messages().some((m) => m.event_id === later.id), { timeout: 5000 })
      .toBe(true);
    expect(stream.messages().some((m) => m.event_id === rolledBack)).toBe(false);
  });

  it(`allows ${LIVE_STATUS.maxStreamsPerUser} streams per person, then answers 429`, async () => {
    const person = await createSignedInUser(t);
    const open: OpenStream[] = [];
    for (let i = 0; i < LIVE_STATUS.maxStreamsPerUser; i++) {
      open.push(await openStream(person.client));
    }
    expect(open.map((s) => s.status)).toEqual(Array(LIVE_STATUS.maxStreamsPerUser).fill(200));
    const refused = await person.client.request('/api/publishing/live');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      success: false,
      error: `Live updates are open in ${LIVE_STATUS.maxStreamsPerUser} windows already. Close one, then reload this page.`,
      metadata: { errorCode: 'RATE_LIMIT_EXCEEDED' },
    });
    // Closing one (the browser went away) frees its place.
    await open[0]!.close();
    const again = await openStream(person.client);
    expect(again.status).toBe(200);
  });

  it('streams the owner’s business to staff, and ends when they are removed', async () => {
    const member = await addMember(t, owner, 'viewer');
    const stream = await openStream(member.client);
    expect(stream.status).toBe(200);
    const event = await createEvent(owner, 'Seen by the team');
    await expect
      .poll(() => stream.messages().some((m) => m.event_id === event.id), { timeout: 5000 })
      .toBe(true);

    const hub = liveStatusHub(t.runtime.deps);
    const openBefore = hub.size;
    const removed = await owner.client.request(`/api/staff/members/${member.userId}`, {
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBe(200);
    await expect.poll(() => stream.ended(), { timeout: 5000 }).toBe(true);
    expect(stream.frames.at(-1)).toEqual({ event: 'ended', data: '{"reason":"access"}' });
    // The ended stream has left the hub: nothing of the business can reach it any more.
    await expect.poll(() => hub.size, { timeout: 5000 }).toBe(openBefore - 1);
    const after = await createEvent(owner, 'Not for former staff');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.messages().some((m) => m.event_id === after.id)).toBe(false);
  });

  it('ends when the person signs out', async () => {
    const person = await createSignedInUser(t);
    const stream = await openStream(person.client);
    const out = await person.client.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(out.status, out.text).toBe(200);
    await expect.poll(() => stream.ended(), { timeout: 5000 }).toBe(true);
    expect(stream.frames.at(-1)?.event).toBe('ended');
  });
});

describe('shutting down', () => {
  it('ends every stream with "closing" and refuses new ones the same way', async () => {
    const deps = t.runtime.deps;
    const bus = await connectInvalidationBus(deps.database, createLogger('silent'));
    const hub = new LiveStatusHub({ ...deps, bus } as AppDeps);
    const actor = {
      userId: owner.userId,
      tenantId: owner.userId,
      tenantRole: 'owner' as const,
      isAdmin: false,
    };
    const app = new Hono().get('/live', (c) => hub.open(c as never, actor));
    const stream = readStream(await app.request('/live'));
    expect(hub.size).toBe(1);
    await bus.close();
    await expect.poll(() => stream.ended()).toBe(true);
    expect(stream.frames).toEqual([{ event: 'closing', data: '{}' }]);
    expect(hub.size).toBe(0);
    const late = readStream(await app.request('/live'));
    await expect.poll(() => late.ended()).toBe(true);
    expect(late.frames).toEqual([{ event: 'closing', data: '{}' }]);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('with a separate worker process', () => {
  it('hears what a worker on its own connections publishes', async () => {
    // A worker process: its own pool to the same database, nothing shared with the app.
    const database = await openDatabase({
      databaseUrl: t.runtime.deps.database.connectionString!,
      poolSize: 2,
      migrate: false,
    });
    try {
      const worker = { ...t.runtime.deps, database } as AppDeps;
      const stream = await openStream(owner.client);
      const { posts } = await insertScheduledPost(t, owner.userId, {
        content: `Elsewhere ${crypto.randomUUID()}`,
        at: new Date(Date.now() - 1000),
        targets: [{ connection: facebook }],
      });
      await runPublish(
        worker,
        { postId: posts[0]!.id, userId: owner.userId, version: 1 },
        // The same simulated platform the app connected the accounts on.
        { dispatcher: noDispatch, client: metaRuntime(t.runtime.deps).client },
      );
      await expect
        .poll(() => stream.messages().map((m) => m.delivery?.status), { timeout: 5000 })
        .toEqual(['publishing', 'published']);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('after the bus could not hear', () => {
  it('tells every open stream to read again once the bus is back', async () => {
    const database = t.runtime.deps.database;
    const stream = await openStream(owner.client);
    const { rows } = await database.query<{ pid: number }>(
      `select pid from pg_stat_activity where query = $1 and datname = current_database()`,
      [`LISTEN ${BUS_CHANNEL}`],
    );
    expect(rows.length).toBeGreaterThan(0);
    // The server ends the app's listening connection (as a restart would); what other processes
    // said meanwhile is lost, so the browsers are told to read everything again.
    for (const { pid } of rows) await database.query('select pg_terminate_backend($1)', [pid]);
    await expect
      .poll(() => stream.frames.map((f) => f.event), { timeout: 15_000 })
      .toContain('resync');
    expect(stream.ended()).toBe(false);
  }, 30_000);
});

describe('the hub', () => {
  it('is one per process', () => {
    expect(liveStatusHub(t.runtime.deps)).toBe(liveStatusHub(t.runtime.deps));
  });
});
