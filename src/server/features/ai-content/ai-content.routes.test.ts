import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  composePostText,
  generationSchema,
  historyPageSchema,
  saveVariantResultSchema,
  streamEventSchema,
  type StreamEvent,
} from '#shared/contracts/ai-content.contract.ts';
import { calendarEventSchema } from '#shared/contracts/calendar.contract.ts';
import { PLANS } from '#shared/plans.ts';
import { checkTextLimits, limitsFor } from '#shared/platform-limits.ts';
import { createApp, type App } from '#server/app.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { startOpenAiSimulator, type OpenAiSimulator } from '#simulators/openai/openai-simulator.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { generate, periodOf, saveVariant } from './ai-content.service.ts';
import { expectError } from '#server/test/expect-error.ts';
import { giveAccount } from '../posts/posts.test-helpers.ts';

let t: TestApp;
let sim: OpenAiSimulator;
let simApp: App;
beforeAll(async () => {
  t = await getTestApp();
  sim = await startOpenAiSimulator({ apiKeys: ['sk-test'], chunkDelayMs: 0 });
  // The same platform, configured with the simulator as its AI provider.
  const env = {
    ...t.runtime.deps.env,
    AI_BASE_URL: sim.baseURL,
    AI_API_KEY: 'sk-test',
    AI_MODEL: 'sim-gpt-4o-mini',
    AI_TIMEOUT_MS: 1500,
  };
  simApp = createApp({ ...t.runtime.deps, env }, { serveWeb: false });
});
afterAll(async () => {
  await sim?.close();
});

const TRIAL_LIMIT = PLANS.trial.limits.aiGenerationsPerMonth;
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

const baseRequest = {
  prompt: 'Announce our new pumpkin sourdough, available from Monday',
  platform: 'instagram',
  format: 'post',
  tone: 'friendly',
  length: 'short',
  variants: 2,
  emoji: true,
  hashtags: true,
  language: 'en',
};

/** The same signed-in browser, talking to the app configured with the simulator. */
function onSimulator(user: SignedInUser): TestClient {
  const client = new TestClient(simApp, user.client.ip);
  client.cookie = user.client.cookie;
  return client;
}

function eventsOf(text: string): StreamEvent[] {
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => streamEventSchema.parse(JSON.parse(line)));
}

async function stream(client: TestClient, body: Record<string, unknown>) {
  const res = await client.request('/api/ai-content/generations/stream', { json: body });
  return { res, events: res.status === 200 ? eventsOf(res.text) : [] };
}

async function setUsage(userId: string, used: number) {
  await t.runtime.deps.database.unsafeDb.execute(
    sql`insert into public.ai_usage (user_id, period, used) values (${userId}, ${periodOf(new Date())}, ${used})
        on conflict (user_id, period) do update set used = excluded.used`,
  );
}

async function status(client: TestClient) {
  const res = await client.request('/api/ai-content/status');
  expect(res.status, res.text).toBe(200);
  return res.json.data as {
    provider: { kind: string; label: string };
    allowance: { used: number; limit: number; remaining: number };
  };
}

describe('signed-out visitors', () => {
  it.each([
    ['GET', '/api/ai-content/status'],
    ['POST', '/api/ai-content/generations'],
    ['POST', '/api/ai-content/generations/stream'],
    ['GET', '/api/ai-content/generations'],
    ['GET', `/api/ai-content/generations/${crypto.randomUUID()}`],
    ['POST', `/api/ai-content/generations/${crypto.randomUUID()}/variants/0/event`],
  ])('%s %s answers 401', async (method, path) => {
    const res = await new TestClient(t.app).request(path, {
      method,
      json: method === 'GET' ? undefined : {},
    });
    expectError(res, 401, 'UNAUTHORIZED');
  });
});

describe('with the offline generator', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(t, { businessName: 'Rosa’s Bakery' });
    const res = await user.client.request('/api/business-profile', {
      method: 'PATCH',
      json: {
        industry: 'Bakery',
        target_audience: 'neighbourhood families',
        time_zone: 'Europe/Madrid',
      },
    });
    expect(res.status, res.text).toBe(200);
  });

  it('says which provider is active and the allowance of the plan', async () => {
    expect(await status(user.client)).toMatchObject({
      provider: { kind: 'offline', label: 'Offline generator' },
      allowance: {
        used: 0,
        limit: TRIAL_LIMIT,
        remaining: TRIAL_LIMIT,
        period: periodOf(new Date()),
      },
    });
  });

  it('streams variants as they are written, checks them and records the generation', async () => {
    const { res, events } = await stream(user.client, { ...baseRequest, variants: 3 });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('done');
    expect(types.filter((x) => x === 'variant')).toHaveLength(3);
    expect(types.filter((x) => x === 'delta').length).toBeGreaterThan(3);

    const start = events[0] as Extract<StreamEvent, { type: 'start' }>;
    expect(start.provider).toEqual({ kind: 'offline', label: 'Offline generator' });
    expect(start.allowance.used).toBe(3);

    for (let index = 0; index < 3; index++) {
      const written = events
        .filter((e): e is Extract<StreamEvent, { type: 'delta' }> => e.type === 'delta')
        .filter((e) => e.index === index)
        .map((e) => e.text)
        .join('');
      const variant = events.find(
        (e): e is Extract<StreamEvent, { type: 'variant' }> =>
          e.type === 'variant' && e.variant.index === index,
      )!.variant;
      // The offered variant is the streamed text, split into caption and hashtags.
      expect(written.replace(/\s+/g, ' ').trim()).toBe(
        composePostText(variant.caption, variant.hashtags).replace(/\s+/g, ' '),
      );
      expect(variant.caption).toContain('pumpkin sourdough');
      expect(variant.hashtags.length).toBeGreaterThan(0);
      expect(variant.best_times).toMatchObject({ source: 'default', time_zone: 'Europe/Madrid' });
      expect(variant.best_times.slots.length).toBe(3);
      expect(
        checkTextLimits(
          composePostText(variant.caption, variant.hashtags),
          limitsFor('instagram', 'post'),
        ),
      ).toEqual([]);
    }

    const done = events.at(-1) as Extract<StreamEvent, { type: 'done' }>;
    expect(done.generation).toMatchObject({
      id: start.generation_id,
      status: 'completed',
      prompt: baseRequest.prompt,
      provider: { kind: 'offline' },
    });
    expect(done.generation.variants).toHaveLength(3);
    const stored = await user.client.request(`/api/ai-content/generations/${start.generation_id}`);
    expect(generationSchema.parse(stored.json.data)).toEqual(done.generation);
    expect((await status(user.client)).allowance.used).toBe(3);
  });

  it('answers whole variants without streaming', async () => {
    const res = await user.client.request('/api/ai-content/generations', {
      json: { ...baseRequest, platform: 'facebook', variants: 1, hashtags: false },
    });
    expect(res.status, res.text).toBe(201);
    const generation = generationSchema.parse(res.json.data);
    expect(generation.status).toBe('completed');
    expect(generation.variants).toHaveLength(1);
    expect(generation.variants[0]!.hashtags).toEqual([]);
    expect(generation.variants[0]!.caption).not.toMatch(/#\w/);
  });

  it('refuses bad input with field messages and counts nothing', async () => {
    const before = (await status(user.client)).allowance.used;
    const res = await user.client.request('/api/ai-content/generations/stream', {
      json: { ...baseRequest, prompt: ' ', variants: 9, platform: 'tiktok' },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.error).toBe('Please check your input and try again.');
    expect(Object.keys(res.json.metadata.fieldErrors).sort()).toEqual([
      'platform',
      'prompt',
      'variants',
    ]);
    const offlineSpanish = await user.client.request('/api/ai-content/generations/stream', {
      json: { ...baseRequest, language: 'es' },
    });
    expectError(offlineSpanish, 400, 'VALIDATION_ERROR');
    expect(offlineSpanish.json.metadata.fieldErrors).toEqual({
      language: 'The offline generator writes in English only',
    });
    const notJson = await user.client.request('/api/ai-content/generations/stream', {
      body: 'prompt=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(notJson, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await status(user.client)).allowance.used).toBe(before);
  });

  it('finds past prompts by search, newest first', async () => {
    const other = await createSignedInUser(t);
    for (const prompt of [
      'Spring yoga retreat',
      'Autumn pottery workshop',
      'Spring sale on mats',
    ]) {
      const res = await other.client.request('/api/ai-content/generations', {
        json: { ...baseRequest, prompt, variants: 1 },
      });
      expect(res.status, res.text).toBe(201);
    }
    const all = historyPageSchema.parse(
      (await other.client.request('/api/ai-content/generations')).json.data,
    );
    expect(all.total).toBe(3);
    expect(all.items.map((g) => g.prompt)).toEqual([
      'Spring sale on mats',
      'Autumn pottery workshop',
      'Spring yoga retreat',
    ]);
    const spring = historyPageSchema.parse(
      (await other.client.request('/api/ai-content/generations?q=SPRING')).json.data,
    );
    expect(spring.items.map((g) => g.prompt)).toEqual([
      'Spring sale on mats',
      'Spring yoga retreat',
    ]);
    const wildcard = historyPageSchema.parse(
      (await other.client.request('/api/ai-content/generations?q=%25')).json.data,
    );
    expect(wildcard.total).toBe(0);
    // Another business's history is not visible.
    const mine = historyPageSchema.parse(
      (await user.client.request('/api/ai-content/generations?q=pottery')).json.data,
    );
    expect(mine.total).toBe(0);
    expectError(
      await user.client.request(`/api/ai-content/generations/${all.items[0]!.id}`),
      404,
      'NOT_FOUND',
    );
  });
});

describe('variants are kept with the prompt history (docs/decisions/064)', () => {
  async function history(client: TestClient) {
    const res = await client.request('/api/ai-content/generations');
    expect(res.status, res.text).toBe(200);
    return historyPageSchema.parse(res.json.data);
  }

  it('streamed: the newest generation of the history has the variants the page was shown', async () => {
    const user = await createSignedInUser(t);
    const { events } = await stream(user.client, { ...baseRequest, variants: 3 });
    const shown = events
      .filter((e): e is Extract<StreamEvent, { type: 'variant' }> => e.type === 'variant')
      .map((e) => e.variant);
    expect(shown).toHaveLength(3);

    const [newest] = (await history(user.client)).items;
    expect(newest).toMatchObject({ status: 'completed', prompt: baseRequest.prompt });
    expect(newest!.variants).toEqual(shown);
    const one = await user.client.request(`/api/ai-content/generations/${newest!.id}`);
    expect(generationSchema.parse(one.json.data).variants).toEqual(shown);
  });

  it('not streamed: the generation answered is the one stored', async () => {
    const user = await createSignedInUser(t);
    const res = await user.client.request('/api/ai-content/generations', {
      json: { ...baseRequest, variants: 2 },
    });
    expect(res.status, res.text).toBe(201);
    const answered = generationSchema.parse(res.json.data);
    const [newest] = (await history(user.client)).items;
    expect(newest).toEqual(answered);
    expect(newest!.variants.map((v) => v.index)).toEqual([0, 1]);
  });

  it('each variant is stored before it is shown, so a reload mid-stream loses none', async () => {
    const user = await createSignedInUser(t);
    const owner: ServiceContext = {
      deps: t.runtime.deps,
      actor: { userId: user.userId, tenantId: user.userId, tenantRole: 'owner', isAdmin: false },
    };
    const browser = new AbortController();
    const storedWhenShown: number[] = [];
    await generate(owner, { ...baseRequest, variants: 3 } as never, {
      streaming: true,
      signal: browser.signal,
      emit: async (event) => {
        if (event.type !== 'variant') return;
        // What the browser is shown is already in the history…
        const [newest] = (await history(user.client)).items;
        storedWhenShown.push(newest!.variants.length);
        // …and the browser goes away after the first variant.
        browser.abort();
      },
    });
    expect(storedWhenShown).toEqual([1]);
    const [newest] = (await history(user.client)).items;
    expect(newest).toMatchObject({ status: 'partial' });
    expect(newest!.variants).toHaveLength(1);
    // Only the variant delivered is counted.
    expect((await status(user.client)).allowance.used).toBe(1);
  });

  it('a variant saved while others are written keeps its calendar event', async () => {
    const user = await createSignedInUser(t);
    const owner: ServiceContext = {
      deps: t.runtime.deps,
      actor: { userId: user.userId, tenantId: user.userId, tenantRole: 'owner', isAdmin: false },
    };
    let savedEvent: string | null = null;
    const generation = await generate(owner, { ...baseRequest, variants: 2 } as never, {
      streaming: true,
      signal: new AbortController().signal,
      emit: async (event) => {
        if (event.type === 'variant' && event.variant.index === 0) {
          const start = (await history(user.client)).items[0]!;
          const saved = await saveVariant(owner, start.id, 0, { caption: event.variant.caption });
          savedEvent = saved.event.id;
        }
      },
    });
    expect(savedEvent).not.toBeNull();
    expect(generation.status).toBe('completed');
    expect(generation.variants.map((v) => v.event_id)).toEqual([savedEvent, null]);
  });
});

describe('saving and scheduling a variant', () => {
  it('saves a draft, then schedules the same event, and lists it as AI content', async () => {
    const user = await createSignedInUser(t);
    const gen = generationSchema.parse(
      (
        await user.client.request('/api/ai-content/generations', {
          json: { ...baseRequest, variants: 2 },
        })
      ).json.data,
    );
    const variant = gen.variants[1]!;
    const path = `/api/ai-content/generations/${gen.id}/variants/1/event`;

    const draft = await user.client.request(path, {
      json: { caption: `${variant.caption} Edited.`, hashtags: variant.hashtags },
    });
    expect(draft.status, draft.text).toBe(201);
    const saved = saveVariantResultSchema.parse(draft.json.data);
    expect(saved.event).toMatchObject({
      type: 'ai_generated',
      status: 'draft',
      platforms: ['instagram'],
      content: composePostText(`${variant.caption} Edited.`, variant.hashtags),
      scheduled_for: null,
    });
    expect(saved.generation.variants[1]!.event_id).toBe(saved.event.id);

    const when = inHours(48);
    const schedule = {
      caption: variant.caption,
      hashtags: [],
      status: 'scheduled',
      scheduled_for: when,
    };
    // Nothing is scheduled without an account to publish to (docs/decisions/087).
    const refused = await user.client.request(path, { json: schedule });
    expectError(refused, 400, 'VALIDATION_ERROR');
    expect(refused.json.error).toBe('Failed to schedule content');
    expect(refused.json.metadata.fieldErrors).toEqual({
      targets: 'Choose at least one account to publish to',
    });
    await giveAccount(t, user.userId, saved.event.id);
    const scheduled = await user.client.request(path, { json: schedule });
    expect(scheduled.status, scheduled.text).toBe(201);
    const event = saveVariantResultSchema.parse(scheduled.json.data).event;
    expect(event).toMatchObject({
      id: saved.event.id,
      status: 'scheduled',
      content: variant.caption,
    });
    expect(new Date(event.scheduled_for!).toISOString()).toBe(when);

    // docs/product/services.md#calendar-events "AI content": the list filtered to type
    // ai_generated.
    const list = await user.client.request('/api/calendar-events/ai-content');
    expect(list.json.data.map((e: unknown) => calendarEventSchema.parse(e).id)).toEqual([event.id]);
  });

  it('refuses text over the platform limits, a time in the past, and unknown variants', async () => {
    const user = await createSignedInUser(t);
    const gen = generationSchema.parse(
      (
        await user.client.request('/api/ai-content/generations', {
          json: { ...baseRequest, variants: 1 },
        })
      ).json.data,
    );
    const path = `/api/ai-content/generations/${gen.id}/variants/0/event`;
    const long = await user.client.request(path, { json: { caption: 'x'.repeat(2201) } });
    expectError(long, 400, 'VALIDATION_ERROR');
    expect(long.json.metadata.fieldErrors).toEqual({
      caption: 'Too long: 2,201 of 2,200 characters',
    });
    const tags = await user.client.request(path, {
      json: { caption: 'Hi', hashtags: Array.from({ length: 31 }, (_, i) => `#t${i}`) },
    });
    expect(tags.json.metadata.fieldErrors).toEqual({ caption: 'Too many hashtags: 31 of 30' });
    const past = await user.client.request(path, {
      json: { caption: 'Hi', status: 'scheduled', scheduled_for: inHours(-1) },
    });
    expectError(past, 400, 'VALIDATION_ERROR');
    expectError(
      await user.client.request(`/api/ai-content/generations/${gen.id}/variants/3/event`, {
        json: { caption: 'Hi' },
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('plans and the monthly allowance', () => {
  it('is not on the Free plan (docs/product/roles-and-plans.md#features-by-plan)', async () => {
    const [owner, admin] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
    await makeAdmin(t, admin.userId);
    const downgrade = await admin.client.request(`/api/admin/users/${owner.userId}/subscription`, {
      method: 'PATCH',
      json: { plan: 'free' },
    });
    expect(downgrade.status, downgrade.text).toBe(200);
    expectError(
      await owner.client.request('/api/ai-content/generations/stream', { json: baseRequest }),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    expect((await status(owner.client)).allowance).toMatchObject({ limit: 0, remaining: 0 });
  });

  it('refuses a request that does not fit in what is left, and says how much is left', async () => {
    const user = await createSignedInUser(t);
    await setUsage(user.userId, TRIAL_LIMIT - 2);
    const refused = await user.client.request('/api/ai-content/generations/stream', {
      json: { ...baseRequest, variants: 3 },
    });
    expectError(refused, 422, 'BUSINESS_RULE_VIOLATION');
    expect(refused.json.error).toBe('This action violates business rules.');
    expect((await status(user.client)).allowance).toMatchObject({ remaining: 2 });
    const fits = await user.client.request('/api/ai-content/generations', {
      json: { ...baseRequest, variants: 2 },
    });
    expect(fits.status, fits.text).toBe(201);
    expectError(
      await user.client.request('/api/ai-content/generations', {
        json: { ...baseRequest, variants: 1 },
      }),
      422,
      'BUSINESS_RULE_VIOLATION',
    );
    expect((await status(user.client)).allowance).toMatchObject({
      used: TRIAL_LIMIT,
      remaining: 0,
    });
  });

  it('never lets concurrent requests pass the limit', async () => {
    const user = await createSignedInUser(t);
    await setUsage(user.userId, TRIAL_LIMIT - 3);
    const results = await Promise.all(
      Array.from({ length: 7 }, () =>
        user.client.request('/api/ai-content/generations', {
          json: { ...baseRequest, variants: 1 },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422]);
    expect((await status(user.client)).allowance.used).toBe(TRIAL_LIMIT);
  });
});

describe('through an OpenAI-compatible provider (the simulator)', () => {
  let user: SignedInUser;
  let client: TestClient;
  beforeAll(async () => {
    user = await createSignedInUser(t, { businessName: 'Harbour Yoga' });
    client = onSimulator(user);
  });

  it('names the model as the active provider', async () => {
    expect((await status(client)).provider).toEqual({
      kind: 'openai-compatible',
      label: 'sim-gpt-4o-mini',
    });
  });

  it('streams the model’s text and sends the business profile and the options', async () => {
    const before = sim.requests.length;
    const { res, events } = await stream(client, { ...baseRequest, language: 'es', emoji: false });
    expect(res.status, res.text).toBe(200);
    const variants = events.filter((e) => e.type === 'variant');
    expect(variants).toHaveLength(2);
    const first = (variants[0] as Extract<StreamEvent, { type: 'variant' }>).variant;
    expect(first.caption).toContain('Announce our new pumpkin sourdough');
    expect(first.caption).toContain('From all of us at Harbour Yoga.');
    expect(first.hashtags).toEqual(['#announce', '#pumpkin', '#sourdough', '#available']);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(5);

    const sent = sim.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(sent[0]!.body).toMatchObject({ model: 'sim-gpt-4o-mini', stream: true });
    const system = JSON.stringify(sent[0]!.body!['messages']);
    expect(system).toContain('Business: Harbour Yoga');
    expect(system).toContain('Language: Spanish');
    expect(system).toContain('Do not use emoji.');
    expect(system).toContain('under 2200 characters');
  });

  it('answers whole generations without streaming', async () => {
    const before = sim.requests.length;
    const res = await client.request('/api/ai-content/generations', {
      json: { ...baseRequest, variants: 1 },
    });
    expect(res.status, res.text).toBe(201);
    const generation = generationSchema.parse(res.json.data);
    expect(generation.provider).toEqual({ kind: 'openai-compatible', label: 'sim-gpt-4o-mini' });
    expect(generation.variants[0]!.caption).toContain('pumpkin sourdough');
    expect(sim.requests.at(-1)!.body).not.toHaveProperty('stream', true);
    expect(sim.requests.length).toBe(before + 1);
  });

  it('trims an answer over Instagram’s limits before offering it', async () => {
    sim.queueFaults('long');
    const res = await client.request('/api/ai-content/generations', {
      json: { ...baseRequest, variants: 1 },
    });
    expect(res.status, res.text).toBe(201);
    const variant = generationSchema.parse(res.json.data).variants[0]!;
    expect(variant.hashtags).toHaveLength(30);
    expect(composePostText(variant.caption, variant.hashtags).length).toBeLessThanOrEqual(2200);
    expect(variant.adjustments).toContain("Shortened to fit Instagram's 2,200 characters");
  });

  it.each([
    ['unauthorized', 'CONFIGURATION_ERROR', false],
    ['model_not_found', 'CONFIGURATION_ERROR', false],
    ['rate_limit', 'RATE_LIMIT_EXCEEDED', true],
    ['timeout', 'TIMEOUT_ERROR', true],
    ['server_error', 'SERVER_ERROR', true],
    ['overloaded', 'SERVER_ERROR', true],
    ['hang', 'TIMEOUT_ERROR', true],
  ] as const)(
    'maps %s onto %s in the stream and gives the allowance back',
    async (fault, code, retryable) => {
      const before = (await status(client)).allowance.used;
      sim.queueFaults(fault);
      const { res, events } = await stream(client, { ...baseRequest, variants: 2 });
      expect(res.status).toBe(200);
      const error = events.find((e) => e.type === 'error') as Extract<
        StreamEvent,
        { type: 'error' }
      >;
      expect(error).toMatchObject({ index: 0, error: { code, retryable } });
      if (fault === 'rate_limit')
        expect(error.error.details).toMatchObject({ retryAfterSeconds: 20 });
      const done = events.at(-1) as Extract<StreamEvent, { type: 'done' }>;
      expect(done.type).toBe('done');
      expect(done.generation.status).toBe('failed');
      // The prompt is kept with the failed generation.
      expect(done.generation.prompt).toBe(baseRequest.prompt);
      expect(done.allowance.used).toBe(before);
    },
  );

  it('keeps the variants written before a failure (partial) and counts only those', async () => {
    const before = (await status(client)).allowance.used;
    sim.queueFaults('none', 'rate_limit');
    const { events } = await stream(client, { ...baseRequest, variants: 3 });
    expect(events.filter((e) => e.type === 'variant')).toHaveLength(1);
    const done = events.at(-1) as Extract<StreamEvent, { type: 'done' }>;
    expect(done.generation.status).toBe('partial');
    expect(done.allowance.used).toBe(before + 1);
  });

  it('a broken-off stream is a retryable error', async () => {
    sim.queueFaults('stream_error');
    const { events } = await stream(client, { ...baseRequest, variants: 1 });
    const error = events.find((e) => e.type === 'error') as Extract<StreamEvent, { type: 'error' }>;
    expect(error.error.retryable).toBe(true);
  });

  it('answers the error envelope with its status when not streaming', async () => {
    sim.queueFaults('rate_limit');
    const res = await client.request('/api/ai-content/generations', {
      json: { ...baseRequest, variants: 1 },
    });
    expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
    expect(res.json.metadata.retryable).toBe(true);
    expect(res.headers.get('retry-after')).toBe('20');
  });
});

describe('permissions', () => {
  it('does not let a viewer generate or save', async () => {
    const user = await createSignedInUser(t);
    const viewer: ServiceContext = {
      deps: t.runtime.deps,
      actor: {
        userId: crypto.randomUUID(),
        tenantId: user.userId,
        tenantRole: 'viewer',
        isAdmin: false,
      },
    };
    const noop = { streaming: false, signal: new AbortController().signal, emit: () => {} };
    await expect(
      generate(viewer, { ...baseRequest, platform: 'instagram' } as never, noop),
    ).rejects.toMatchObject({
      record: { code: 'FORBIDDEN' },
    });
    await expect(
      saveVariant(viewer, crypto.randomUUID(), 0, { caption: 'Hi' }),
    ).rejects.toMatchObject({ record: { code: 'FORBIDDEN' } });
  });
});
