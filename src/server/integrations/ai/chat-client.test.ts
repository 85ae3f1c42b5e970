import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '#shared/errors/index.ts';
import { startOpenAiSimulator, type OpenAiSimulator } from '#simulators/openai/openai-simulator.ts';
import {
  createChatClient,
  type ChatClientConfig,
  type ChatMessage,
  type ChatStreamEvent,
  type ToolCall,
  type ToolDefinition,
} from './chat-client.ts';

// The chat client against the OpenAI simulator, started in this process: whole and streamed
// answers, structured output with its problems, tool calls and their follow-up, and provider
// failures onto the catalogue errors of the caption generator.

let sim: OpenAiSimulator;
beforeAll(async () => {
  sim = await startOpenAiSimulator({ apiKeys: ['sk-test'], chunkDelayMs: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await fetch(`${sim.url}/__control/script`, { method: 'DELETE' });
  await fetch(`${sim.url}/__control/faults`, { method: 'DELETE' });
});

function client(overrides: Partial<ChatClientConfig> = {}) {
  return createChatClient({
    baseUrl: sim.baseURL,
    apiKey: 'sk-test',
    model: 'sim-gpt-4o-mini',
    timeoutMs: 5_000,
    ...overrides,
  });
}

/** A fetch that asks the simulator for a fault on every request. */
function faulty(fault: string) {
  return (url: string, init: RequestInit) =>
    fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-simulator-fault': fault },
    });
}

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const messages: ChatMessage[] = [
  { role: 'system', content: 'Business: Harbour Yoga' },
  { role: 'user', content: 'Plan the summer campaign for the beach classes' },
];

const Campaign = z.object({
  name: z.string().max(60),
  weeks: z.number().int().min(1).max(8),
  posts: z
    .array(
      z.object({
        day: z.iso.date(),
        channel: z.enum(['instagram', 'facebook']),
        hashtags: z.array(z.string().max(24)).max(3),
      }),
    )
    .min(1)
    .max(4),
});

const tools: ToolDefinition[] = [
  {
    name: 'get_weather',
    description: 'Weather forecast for a city',
    strict: true,
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['city'],
      properties: { city: { type: 'string', maxLength: 30 } },
    },
  },
  {
    name: 'list_posts',
    description: 'Scheduled posts of the business',
    parameters: { type: 'object', properties: { limit: { type: 'integer' } }, required: [] },
  },
];

/** Stream events put back together into text and calls. */
function reassemble(events: ChatStreamEvent[]) {
  let text = '';
  const calls: ToolCall[] = [];
  for (const event of events) {
    if (event.type === 'text') text += event.delta;
    if (event.type === 'tool_call') {
      const call = (calls[event.index] ??= { id: event.id, name: event.name, arguments: '' });
      call.arguments += event.argumentsDelta;
    }
  }
  return { text, calls, done: events.at(-1) };
}

describe('chat client', () => {
  it('completes a text answer with its finish reason and usage', async () => {
    const answer = await client().complete({ messages });
    expect(answer.content).toContain('Plan the summer campaign for the beach classes');
    expect(answer).toMatchObject({
      toolCalls: [],
      finishReason: 'stop',
      refusal: null,
      usage: { promptTokens: expect.any(Number), totalTokens: expect.any(Number) },
    });
    const body = sim.requests.at(-1)!.body!;
    expect(body).toMatchObject({ model: 'sim-gpt-4o-mini', messages: [{ role: 'system' }, {}] });
    expect(body).not.toHaveProperty('stream');
  });

  it('streams the same text, then done with the finish reason and usage', async () => {
    const whole = await client().complete({ messages });
    const events = await collect(client().stream({ messages }));
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(3);
    const { text, done } = reassemble(events);
    expect(text).toBe(whole.content);
    expect(done).toEqual({
      type: 'done',
      finishReason: 'stop',
      usage: {
        promptTokens: expect.any(Number),
        completionTokens: expect.any(Number),
        totalTokens: expect.any(Number),
      },
    });
  });

  it('calls tools, streams the calls, and answers their results', async () => {
    const ask: ChatMessage[] = [{ role: 'user', content: 'What is the forecast in Porto?' }];
    const answer = await client().complete({ messages: ask, tools, toolChoice: 'auto' });
    expect(answer.finishReason).toBe('tool_calls');
    expect(answer.content).toBeNull();
    expect(answer.toolCalls).toEqual([
      { id: expect.stringMatching(/^call_/), name: 'get_weather', arguments: expect.any(String) },
    ]);
    expect(JSON.parse(answer.toolCalls[0]!.arguments)).toEqual({ city: expect.any(String) });

    const events = await collect(client().stream({ messages: ask, tools, toolChoice: 'auto' }));
    const streamed = reassemble(events);
    expect(streamed.calls).toEqual(answer.toolCalls);
    expect(streamed.text).toBe('');
    expect(streamed.done).toMatchObject({ type: 'done', finishReason: 'tool_calls' });

    const named = await client().complete({
      messages: ask,
      tools,
      toolChoice: { name: 'list_posts' },
    });
    expect(named.toolCalls.map((c) => c.name)).toEqual(['list_posts']);
    expect(sim.requests.at(-1)!.body!['tool_choice']).toEqual({
      type: 'function',
      function: { name: 'list_posts' },
    });

    const followUp = await client().complete({
      messages: [
        ...ask,
        { role: 'assistant', content: null, toolCalls: answer.toolCalls },
        { role: 'tool', toolCallId: answer.toolCalls[0]!.id, content: '{"sky":"clear"}' },
      ],
      tools,
    });
    expect(followUp).toMatchObject({ finishReason: 'stop', toolCalls: [] });
    expect(followUp.content).toContain('get_weather: sky clear');
  });

  it('gives a structured answer validated by its zod schema', async () => {
    const result = await client().structured(Campaign, 'campaign', messages);
    expect(result.ok).toBe(true);
    if (result.ok) expect(Campaign.parse(result.value)).toEqual(result.value);
    const format = sim.requests.at(-1)!.body!['response_format'] as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'campaign', strict: true },
    });
    expect(format['json_schema'].schema).not.toHaveProperty('$schema');
    expect(format['json_schema'].schema.additionalProperties).toBe(false);
  });

  it('turns malformed, non-conforming and cut-off answers into problems', async () => {
    sim.scriptAnswers(
      { content: '{"name": "Summer' },
      { json: { name: 'Summer', weeks: 12, posts: [] } },
      { content: '{"name": "Sum', finish_reason: 'length' },
      { tool_calls: [{ name: 'get_weather', arguments: {} }] },
    );
    const malformed = await client().structured(Campaign, 'campaign', messages);
    expect(malformed).toEqual({
      ok: false,
      problem: expect.stringMatching(/^not JSON: /),
      raw: '{"name": "Summer',
    });
    const violating = await client().structured(Campaign, 'campaign', messages);
    expect(violating.ok).toBe(false);
    if (!violating.ok) {
      expect(violating.problem).toMatch(/^does not match the schema 'campaign':/);
      expect(violating.problem).toContain('weeks');
      expect(violating.problem).toContain('posts');
      expect(violating.raw).toBe('{"name":"Summer","weeks":12,"posts":[]}');
    }
    const cut = await client().structured(Campaign, 'campaign', messages);
    expect(cut).toMatchObject({ ok: false, problem: expect.stringContaining('cut off') });
    const empty = await client().structured(Campaign, 'campaign', messages);
    expect(empty).toMatchObject({ ok: false, problem: 'the answer has no content', raw: '' });
  });

  it('fails a schema the provider refuses as a validation error', async () => {
    const loose = z.object({ name: z.string(), note: z.string().optional() });
    const error = await failureOf(client().structured(loose, 'loose', messages));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.record.details).toMatchObject({ providerStatus: 400 });
  });
});

describe('chat client failures', () => {
  it('maps 429 with its retry-after, 500, 503 and a refused key', async () => {
    sim.queueFaults('rate_limit', 'server_error', 'overloaded');
    const limited = await failureOf(client().complete({ messages }));
    expect(limited.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(limited.record.details).toEqual({ providerStatus: 429, retryAfterSeconds: 20 });
    expect((await failureOf(client().complete({ messages }))).code).toBe('SERVER_ERROR');
    expect((await failureOf(collect(client().stream({ messages })))).code).toBe('SERVER_ERROR');
    const refused = await failureOf(client({ apiKey: 'sk-wrong' }).complete({ messages }));
    expect(refused.code).toBe('CONFIGURATION_ERROR');
  });

  it('times out a request that never answers, whole or streamed', async () => {
    const slow = client({ timeoutMs: 150, fetch: faulty('hang') });
    expect((await failureOf(slow.complete({ messages }))).code).toBe('TIMEOUT_ERROR');
    expect((await failureOf(collect(slow.stream({ messages })))).code).toBe('TIMEOUT_ERROR');
    expect((await failureOf(slow.structured(Campaign, 'campaign', messages))).code).toBe(
      'TIMEOUT_ERROR',
    );
  });

  it('reports a stream cut half-way and an unreachable endpoint as network errors', async () => {
    const cut = client({ fetch: faulty('stream_error') });
    expect((await failureOf(collect(cut.stream({ messages })))).code).toBe('NETWORK_ERROR');
    const nowhere = client({ baseUrl: 'http://127.0.0.1:9/v1' });
    expect((await failureOf(nowhere.complete({ messages }))).code).toBe('NETWORK_ERROR');
  });

  it('reports an answer it cannot read as a server error, and passes a cancellation through', async () => {
    const garbage = client({
      fetch: () => Promise.resolve(new Response('<html>gateway</html>', { status: 200 })),
    });
    const unreadable = await failureOf(garbage.complete({ messages }));
    expect(unreadable.code).toBe('SERVER_ERROR');
    const cancelled = AbortSignal.abort();
    const error = await client()
      .complete({ messages, signal: cancelled })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('AbortError');
  });
});
