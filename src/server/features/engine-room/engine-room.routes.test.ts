import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  engineSessionSchema,
  engineStreamEventSchema,
  toolCallSchema,
  type EngineStreamEvent,
  type ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import { PLANS } from '#shared/plans.ts';
import { createApp, type App } from '#server/app.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { createUser } from '#server/test/fixtures.ts';
import { startOpenAiSimulator, type OpenAiSimulator } from '#simulators/openai/openai-simulator.ts';
import { periodOf } from '../ai-content/ai-content.service.ts';
import { campaignBusiness, eventsOf as eventRowsOf } from '../campaigns/campaigns.test-helpers.ts';
import { mediaItems } from '../media/media.tables.ts';
import { userRoles } from '../profile/profile.tables.ts';
import { insertPage } from '../posts/posts.test-helpers.ts';
import { insertMedia } from '../publishing/publishing.test-helpers.ts';
import { sendMessage } from './engine.ts';
import { getSession } from './sessions.ts';

// The engine room through the real app and database: sessions, a message answered as a stream
// (offline, and by the OpenAI simulator with scripted tool calls), the cards confirmed once, and
// the plan's AI allowance.

let t: TestApp;
let sim: OpenAiSimulator;
let simApp: App;
beforeAll(async () => {
  t = await getTestApp();
  sim = await startOpenAiSimulator({ apiKeys: ['sk-test'], chunkDelayMs: 0 });
  const env = {
    ...t.runtime.deps.env,
    AI_BASE_URL: sim.baseURL,
    AI_API_KEY: 'sk-test',
    AI_MODEL: 'sim-gpt-4o-mini',
    AI_TIMEOUT_MS: 5000,
  };
  simApp = createApp({ ...t.runtime.deps, env }, { serveWeb: false });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  await fetch(`${sim.url}/__control/script`, { method: 'DELETE' });
});

const SESSIONS = '/api/engine-room/sessions';

function onSimulator(user: SignedInUser): TestClient {
  const client = new TestClient(simApp, user.client.ip);
  client.cookie = user.client.cookie;
  return client;
}

function eventsOf(text: string): EngineStreamEvent[] {
  return text
    .split('\n\n')
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => engineStreamEventSchema.parse(JSON.parse(block.replace(/^data: /, ''))));
}

async function newSession(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.request(SESSIONS, { json: body });
  expect(res.status, res.text).toBe(201);
  return res.json.data as { id: string; title: string };
}

async function send(client: TestClient, sessionId: string, content: string) {
  const res = await client.request(`${SESSIONS}/${sessionId}/messages`, { json: { content } });
  return { res, events: res.status === 200 ? eventsOf(res.text) : [] };
}

function cardsOf(events: EngineStreamEvent[]): ToolCall[] {
  return events.flatMap((e) => (e.type === 'tool_call' ? [e.toolCall] : []));
}

async function confirm(client: TestClient, sessionId: string, callId: string) {
  return client.request(`${SESSIONS}/${sessionId}/tool-calls/${callId}`, { method: 'POST' });
}

async function setUsage(userId: string, used: number) {
  await t.runtime.deps.database.unsafeDb.execute(
    sql`insert into public.ai_usage (user_id, period, used) values (${userId}, ${periodOf(new Date())}, ${used})
        on conflict (user_id, period) do update set used = excluded.used`,
  );
}

async function usage(userId: string): Promise<number> {
  const rows = await t.runtime.deps.database.unsafeDb.execute(
    sql`select used from public.ai_usage where user_id = ${userId} and period = ${periodOf(new Date())}`,
  );
  const row = (rows as unknown as { rows: Array<{ used: number }> }).rows[0];
  return row?.used ?? 0;
}

describe('sessions', () => {
  it('are started, listed, opened, renamed and deleted; another business sees none of them', async () => {
    const user = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const created = await newSession(user.client);
    expect(created.title).toBe('New session');

    const list = await user.client.request(SESSIONS);
    expect(list.status).toBe(200);
    expect(list.json.data.map((s: { id: string }) => s.id)).toEqual([created.id]);

    const opened = await user.client.request(`${SESSIONS}/${created.id}`);
    expect(opened.status).toBe(200);
    expect(engineSessionSchema.parse(opened.json.data)).toMatchObject({
      id: created.id,
      messages: [],
      engine: 'offline',
      messageCount: 0,
    });

    const renamed = await user.client.request(`${SESSIONS}/${created.id}`, {
      method: 'PATCH',
      json: { title: 'Autumn ideas' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data.title).toBe('Autumn ideas');

    // Another business: not found, whatever it asks.
    expectError(await other.client.request(`${SESSIONS}/${created.id}`), 404, 'NOT_FOUND');
    expectError(
      await other.client.request(`${SESSIONS}/${created.id}`, {
        method: 'PATCH',
        json: { title: 'Mine now' },
      }),
      404,
      'NOT_FOUND',
    );
    expectError((await send(other.client, created.id, 'suggest times')).res, 404, 'NOT_FOUND');
    expectError(
      await other.client.request(`${SESSIONS}/${created.id}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
    expect((await other.client.request(SESSIONS)).json.data).toEqual([]);

    const deleted = await user.client.request(`${SESSIONS}/${created.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expectError(await user.client.request(`${SESSIONS}/${created.id}`), 404, 'NOT_FOUND');
  });

  it('refuses a campaign of another business', async () => {
    const user = await createSignedInUser(t);
    const res = await user.client.request(SESSIONS, {
      json: { campaignId: crypto.randomUUID() },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it('lets a viewer read a session but not send to it', async () => {
    const user = await createSignedInUser(t);
    const session = await newSession(user.client);
    const viewerId = await createUser(t.runtime.deps.database, { label: 'viewer' });
    await t.runtime.deps.database.unsafeDb.insert(userRoles).values({
      userId: viewerId,
      role: 'tenant_staff',
      tenantId: user.userId,
      staffRole: 'viewer',
    });
    const viewer: ServiceContext = {
      deps: t.runtime.deps,
      actor: {
        userId: viewerId,
        tenantId: user.userId,
        tenantRole: 'viewer',
        isAdmin: false,
      },
    };
    await expect(getSession(viewer, session.id)).resolves.toMatchObject({ id: session.id });
    const run = { signal: new AbortController().signal, emit: () => {} };
    await expect(
      sendMessage(viewer, session.id, { content: 'suggest times' }, run),
    ).rejects.toMatchObject({ record: { code: 'FORBIDDEN' } });
  });
});

describe('the offline engine', () => {
  let user: SignedInUser;
  let pageId: string;
  beforeAll(async () => {
    user = await createSignedInUser(t);
    pageId = await insertPage(t, user.userId);
    await insertMedia(t, user.userId, 'image');
  });

  it('drafts 3 posts for an account, saved on the calendar once confirmed, and only once', async () => {
    const session = await newSession(user.client);
    const { res, events } = await send(
      user.client,
      session.id,
      'draft 3 posts for Test Page next week',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.map((e) => e.type)).toEqual(['message', 'text', 'tool_call', 'done']);
    const [message, text, , done] = events;
    expect(message).toMatchObject({
      message: { role: 'user', content: 'draft 3 posts for Test Page next week' },
    });
    expect(text).toMatchObject({ delta: expect.stringContaining('Offline engine') });

    const [card] = cardsOf(events);
    expect(card).toMatchObject({ tool: 'draft_posts', status: 'proposed', result: null });
    const posts = (card!.args as { posts: Array<{ connectionId: string; scheduledFor: string }> })
      .posts;
    expect(posts).toHaveLength(3);
    expect(posts.every((p) => p.connectionId === pageId)).toBe(true);
    expect(posts.every((p) => Date.parse(p.scheduledFor) > Date.now())).toBe(true);
    expect(done).toMatchObject({
      type: 'done',
      message: { role: 'assistant', engine: 'offline', toolCalls: [{ id: card!.id }] },
    });

    const confirmed = await confirm(user.client, session.id, card!.id);
    expect(confirmed.status, confirmed.text).toBe(200);
    const call = toolCallSchema.parse(confirmed.json.data);
    expect(call.status).toBe('done');
    expect(call.result?.postIds).toHaveLength(3);
    for (const id of call.result!.postIds!) {
      const post = await user.client.request(`/api/posts/${id}`);
      expect(post.status, post.text).toBe(200);
      expect(post.json.data).toMatchObject({ status: 'draft', type: 'ai_generated' });
      expect(post.json.data.deliveries).toMatchObject([{ connection_id: pageId }]);
    }

    expectError(await confirm(user.client, session.id, card!.id), 409, 'WORKFLOW_STATE_INVALID');
    expectError(
      await user.client.request(`${SESSIONS}/${session.id}/tool-calls/${card!.id}`, {
        method: 'DELETE',
      }),
      409,
      'WORKFLOW_STATE_INVALID',
    );

    // Reopened by its id: every message, with its tool calls as they are now.
    const reopened = engineSessionSchema.parse(
      (await user.client.request(`${SESSIONS}/${session.id}`)).json.data,
    );
    expect(reopened.title).toBe('draft 3 posts for Test Page next week');
    expect(reopened.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(reopened.messages[0]!.toolCalls).toEqual([]);
    expect(reopened.messages[1]!.toolCalls).toEqual([call]);
    // The list counts the session's messages.
    const listed = (await user.client.request(SESSIONS)).json.data as Array<{
      id: string;
      messageCount: number;
    }>;
    expect(listed.find((s) => s.id === session.id)?.messageCount).toBe(2);
  });

  it('dismisses a card without running it', async () => {
    const session = await newSession(user.client);
    const { events } = await send(user.client, session.id, 'suggest times');
    const [card] = cardsOf(events);
    const dismissed = await user.client.request(
      `${SESSIONS}/${session.id}/tool-calls/${card!.id}`,
      {
        method: 'DELETE',
      },
    );
    expect(dismissed.json.data).toMatchObject({ status: 'dismissed', result: null });
    expectError(await confirm(user.client, session.id, card!.id), 409, 'WORKFLOW_STATE_INVALID');
  });

  it('finds media by words in names and by tags', async () => {
    const [loaf] = await t.runtime.deps.database.unsafeDb
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(sql`${mediaItems.userId} = ${user.userId}`)
      .limit(1);
    await t.runtime.deps.database.unsafeDb
      .update(mediaItems)
      .set({ name: 'sourdough-loaf.jpg', tags: ['bread'] })
      .where(sql`${mediaItems.id} = ${loaf!.id}`);
    const tagged = await insertMedia(t, user.userId, 'image');
    await t.runtime.deps.database.unsafeDb
      .update(mediaItems)
      .set({ name: 'counter.jpg', tags: ['croissant'] })
      .where(sql`${mediaItems.id} = ${tagged}`);

    const session = await newSession(user.client);
    const { events } = await send(user.client, session.id, 'find photos of sourdough');
    const [card] = cardsOf(events);
    expect(card).toMatchObject({ tool: 'find_media', args: { query: 'sourdough' } });
    const found = (await confirm(user.client, session.id, card!.id)).json.data;
    expect(found).toMatchObject({ status: 'done', result: { mediaIds: [loaf!.id] } });

    const byTag = cardsOf(
      (await send(user.client, session.id, 'find media tagged croissant')).events,
    );
    expect(byTag[0]).toMatchObject({ tool: 'find_media', args: { tags: ['croissant'] } });
    const result = (await confirm(user.client, session.id, byTag[0]!.id)).json.data;
    expect(result.result.mediaIds).toEqual([tagged]);
  });

  it('asks when to post as suggested times, and drafts for every account when none is named', async () => {
    const session = await newSession(user.client);
    const [when] = cardsOf((await send(user.client, session.id, 'When should I post?')).events);
    expect(when).toMatchObject({ tool: 'suggest_times' });
    const [drafts] = cardsOf(
      (await send(user.client, session.id, 'Draft 3 posts for next week')).events,
    );
    const posts = (drafts!.args as { posts: Array<{ connectionId: string }> }).posts;
    // Three in all, taking turns across the business's accounts (not three each).
    expect(posts).toHaveLength(3);
  });

  it('suggests times', async () => {
    const session = await newSession(user.client);
    const [card] = cardsOf((await send(user.client, session.id, 'suggest 4 times')).events);
    expect(card).toMatchObject({ tool: 'suggest_times', args: { count: 4 } });
    const result = (await confirm(user.client, session.id, card!.id)).json.data;
    expect(result.status).toBe('done');
    expect(result.result.times).toHaveLength(4);
    expect(result.result.times.every((at: string) => Date.parse(at) > Date.now())).toBe(true);
  });

  it('checks a post against the platform rules', async () => {
    const session = await newSession(user.client);
    const [card] = cardsOf(
      (await send(user.client, session.id, 'check this post: Fresh bread from 7am #bakery')).events,
    );
    expect(card).toMatchObject({
      tool: 'check_post',
      args: { connectionId: pageId, caption: 'Fresh bread from 7am', hashtags: ['#bakery'] },
    });
    const result = (await confirm(user.client, session.id, card!.id)).json.data;
    expect(result).toMatchObject({ status: 'done', result: { problems: [] } });
  });

  it('plans a campaign draft', async () => {
    const session = await newSession(user.client);
    const [card] = cardsOf(
      (
        await send(
          user.client,
          session.id,
          'plan a campaign for our autumn bread over 2 weeks, 2 posts a week',
        )
      ).events,
    );
    expect(card).toMatchObject({
      tool: 'plan_campaign',
      args: { campaignId: null, connectionIds: [pageId], postsPerWeek: 2 },
    });
    const result = (await confirm(user.client, session.id, card!.id)).json.data;
    expect(result.status, JSON.stringify(result)).toBe('done');
    expect(result.result.campaignId).toEqual(expect.any(String));
    expect(result.result.posts.length).toBeGreaterThan(0);
    const reopened = (await user.client.request(`${SESSIONS}/${session.id}`)).json.data;
    expect(reopened.campaignId).toBe(result.result.campaignId);
  });

  it('answers anything else with what it can do', async () => {
    const session = await newSession(user.client);
    const { events } = await send(user.client, session.id, 'hello there');
    expect(cardsOf(events)).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      message: { content: expect.stringMatching(/draft 3 posts[\s\S]*Offline engine/) },
    });
  });

  it('counts each turn against the AI allowance and refuses when it is used up', async () => {
    const other = await createSignedInUser(t);
    const session = await newSession(other.client);
    await setUsage(other.userId, 5);
    await send(other.client, session.id, 'suggest times');
    expect(await usage(other.userId)).toBe(6);

    const limit = PLANS.trial.limits.aiGenerationsPerMonth;
    await setUsage(other.userId, limit);
    const { res } = await send(other.client, session.id, 'suggest times');
    expectError(res, 422, 'BUSINESS_RULE_VIOLATION');
    const reopened = (await other.client.request(`${SESSIONS}/${session.id}`)).json.data;
    expect(reopened.messages).toHaveLength(2);
  });

  it('is not in the Free plan, as AI content is not', async () => {
    const free = await createSignedInUser(t);
    const session = await newSession(free.client);
    await t.runtime.deps.database.unsafeDb.execute(
      sql`update public.subscription set plan = 'free', status = 'active' where user_id = ${free.userId}`,
    );
    t.runtime.deps.cache.invalidateTenant(free.userId);
    const { res } = await send(free.client, session.id, 'suggest times');
    expect(res.json.metadata.errorCode).toBe('FEATURE_NOT_AVAILABLE');
    const reopened = (await free.client.request(`${SESSIONS}/${session.id}`)).json.data;
    expect(reopened.messages).toHaveLength(0);
  });
});

describe('with the AI provider', () => {
  let user: SignedInUser;
  let pageId: string;
  beforeAll(async () => {
    user = await createSignedInUser(t);
    pageId = await insertPage(t, user.userId);
  });

  it('streams the answer and offers the tools, with the business in the instructions', async () => {
    const client = onSimulator(user);
    const session = await newSession(client);
    sim.scriptAnswers({
      tool_calls: [
        {
          name: 'suggest_times',
          arguments: { connectionId: pageId, count: 3 },
        },
      ],
    });
    const { res, events } = await send(client, session.id, 'When should I post?');
    expect(res.status, res.text).toBe(200);
    expect(events.map((e) => e.type)).toEqual(['message', 'tool_call', 'done']);
    expect(cardsOf(events)[0]).toMatchObject({ tool: 'suggest_times', args: { count: 3 } });
    expect(events.at(-1)).toMatchObject({ message: { engine: 'sim-gpt-4o-mini' } });

    const body = sim.requests.at(-1)!.body!;
    const tools = body['tools'] as Array<{
      function: { name: string; strict: boolean; parameters: Record<string, unknown> };
    }>;
    expect(tools.map((x) => x.function.name)).toEqual([
      'draft_posts',
      'plan_campaign',
      'find_media',
      'suggest_times',
      'check_post',
    ]);
    expect(tools.every((x) => x.function.strict && !('$schema' in x.function.parameters))).toBe(
      true,
    );
    const messages = body['messages'] as Array<{ role: string; content: string }>;
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain(pageId);
    expect(messages[0]!.content).toContain('Today: ');

    sim.scriptAnswers({ content: 'Mornings work best for you.' });
    const next = await send(client, session.id, 'Thanks, and why?');
    expect(next.events[0]!.type).toBe('message');
    expect(next.events.at(-1)!.type).toBe('done');
    const pieces = next.events.slice(1, -1);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((e) => (e.type === 'text' ? e.delta : '?')).join('')).toBe(
      'Mornings work best for you.',
    );
    expect(next.events.at(-1)).toMatchObject({
      message: { content: 'Mornings work best for you.' },
    });
    // The earlier card is answered in the history sent with the next turn.
    const history = sim.requests.at(-1)!.body!['messages'] as Array<{ role: string }>;
    expect(history.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
  });

  it('turns a malformed tool call into a note, never a card', async () => {
    const client = onSimulator(user);
    const session = await newSession(client);
    sim.scriptAnswers({ tool_calls: [{ name: 'draft_posts', arguments: '{"posts": [' }] });
    const bad = await send(client, session.id, 'Draft a post');
    expect(cardsOf(bad.events)).toEqual([]);
    expect(bad.events.at(-1)).toMatchObject({
      type: 'done',
      message: { toolCalls: [], content: expect.stringContaining('could not be read') },
    });

    sim.scriptAnswers({
      tool_calls: [
        {
          name: 'draft_posts',
          arguments: {
            posts: [
              {
                connectionId: crypto.randomUUID(),
                format: 'post',
                scheduledFor: null,
                caption: 'Hello',
                hashtags: [],
                mediaIds: [],
              },
            ],
            intent: 'draft',
          },
        },
      ],
    });
    const stranger = await send(client, session.id, 'Draft a post');
    expect(cardsOf(stranger.events)).toEqual([]);
    expect(stranger.events.at(-1)).toMatchObject({
      message: { toolCalls: [], content: expect.stringContaining('not connected') },
    });
  });

  it('reports a check that fails the rules as its problems', async () => {
    const client = onSimulator(user);
    const session = await newSession(client);
    sim.scriptAnswers({
      tool_calls: [
        {
          name: 'check_post',
          arguments: {
            connectionId: pageId,
            format: 'reel',
            caption: 'Our new reel',
            hashtags: [],
            mediaIds: [],
            scheduledFor: null,
          },
        },
      ],
    });
    const [card] = cardsOf((await send(client, session.id, 'Check my reel')).events);
    const result = (await confirm(client, session.id, card!.id)).json.data;
    expect(result.status).toBe('done');
    expect(result.result.problems.length).toBeGreaterThan(0);
  });
});

describe('scheduling through the AI provider', () => {
  it('schedules every post or none, and gives the generation back when the provider fails', async () => {
    const business = await campaignBusiness(t);
    const { user, instagram } = business;
    const photo = await insertMedia(t, user.userId, 'image');
    const client = onSimulator(user);
    const session = await newSession(client);
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const post = (hours: number, format: string) => ({
      connectionId: instagram.id,
      format,
      scheduledFor: at(hours),
      caption: `Fresh bread at ${hours}`,
      hashtags: ['bread'],
      mediaIds: [photo],
    });
    const eventCount = async () => (await eventRowsOf(t, user.userId)).length;

    // One post cannot be published (a reel needs a video): nothing is scheduled.
    sim.scriptAnswers({
      tool_calls: [
        {
          name: 'draft_posts',
          arguments: { posts: [post(30, 'post'), post(54, 'reel')], intent: 'schedule' },
        },
      ],
    });
    const [refused] = cardsOf((await send(client, session.id, 'Schedule two posts')).events);
    const before = await eventCount();
    const failed = (await confirm(client, session.id, refused!.id)).json.data;
    expect(failed.status).toBe('failed');
    expect(failed.result.problems.length).toBeGreaterThan(0);
    expect(failed.result.problems.every((p: { postKey: string }) => p.postKey === '1')).toBe(true);
    expect(await eventCount()).toBe(before);

    sim.scriptAnswers({
      tool_calls: [
        {
          name: 'draft_posts',
          arguments: { posts: [post(30, 'post'), post(54, 'post')], intent: 'schedule' },
        },
      ],
    });
    const [card] = cardsOf((await send(client, session.id, 'Schedule two photo posts')).events);
    const done = (await confirm(client, session.id, card!.id)).json.data;
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.result.postIds).toHaveLength(2);
    for (const id of done.result.postIds) {
      expect((await user.client.request(`/api/posts/${id}`)).json.data.status).toBe('scheduled');
    }

    // The provider fails: an error event, and the turn is not counted.
    const used = await usage(user.userId);
    await fetch(`${sim.url}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faults: ['server_error'] }),
    });
    const broken = await send(client, session.id, 'Anything new?');
    expect(broken.events.map((e) => e.type)).toEqual(['message', 'error']);
    expect(await usage(user.userId)).toBe(used);
  });
});
