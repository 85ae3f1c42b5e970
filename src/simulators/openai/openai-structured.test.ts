import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startOpenAiSimulator, type OpenAiSimulator } from './openai-simulator.ts';

// Structured output and tool calls in OpenAI's wire format: answers generated from the request's
// schema, OpenAI's 400 for a strict schema it would refuse, tool calls by the simulator's rule,
// their streamed forms, and scripted answers.

let sim: OpenAiSimulator;
beforeAll(async () => {
  sim = await startOpenAiSimulator({ apiKeys: ['sk-test'], chunkDelayMs: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await fetch(`${sim.url}/__control/script`, { method: 'DELETE' });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function post(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${sim.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'sim-gpt-4o-mini', ...body }),
  });
}

async function jsonOf(res: Response): Promise<Json> {
  return res.json();
}

async function complete(body: Record<string, unknown>): Promise<Json> {
  const res = await post(body);
  expect(res.status).toBe(200);
  return res.json();
}

/** The chunks of a streamed answer, [DONE] checked and dropped. */
async function chunksOf(body: Record<string, unknown>): Promise<Json[]> {
  const res = await post({ ...body, stream: true, stream_options: { include_usage: true } });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events = (await res.text()).split('\n\n').filter(Boolean);
  expect(events.at(-1)).toBe('data: [DONE]');
  return events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, '')) as Json);
}

/** Deltas put back together the way a client does. */
function reassemble(chunks: Json[]) {
  let content: string | null = null;
  const calls: Array<{ id: string; type: string; function: { name: string; arguments: string } }> =
    [];
  let finish: string | null = null;
  for (const chunk of chunks) {
    const choice = chunk.choices[0];
    if (!choice) continue;
    if (typeof choice.delta.content === 'string') content = (content ?? '') + choice.delta.content;
    for (const call of choice.delta.tool_calls ?? []) {
      if (call.id) {
        calls[call.index] = {
          id: call.id,
          type: call.type,
          function: { name: call.function.name, arguments: call.function.arguments },
        };
      } else {
        calls[call.index]!.function.arguments += call.function.arguments;
      }
    }
    finish = choice.finish_reason ?? finish;
  }
  return { content, calls, finish };
}

function schemaFormat(name: string, schema: z.ZodType) {
  return {
    type: 'json_schema',
    json_schema: { name, schema: z.toJSONSchema(schema), strict: true },
  };
}

const Post = z.object({
  title: z.string().max(40),
  publishAt: z.iso.datetime(),
  tone: z.enum(['friendly', 'formal', 'playful']),
  hashtags: z.array(z.string().max(20)).min(2).max(4),
});

const Campaign = z.object({
  name: z.string().min(5).max(60),
  weeks: z.number().int().min(1).max(8),
  budget: z.number().min(10).max(500),
  approved: z.boolean(),
  note: z.string().nullable(),
  posts: z
    .array(
      z.object({
        day: z.iso.date(),
        channel: z.enum(['instagram', 'facebook']),
        ideas: z.array(z.object({ text: z.string().max(80), score: z.number().min(0).max(1) })),
      }),
    )
    .min(1)
    .max(3),
});

const Triage = z.object({
  priority: z.enum(['low', 'high']),
  labels: z.array(z.enum(['billing', 'bug', 'question'])).max(2),
  contact: z.email(),
  id: z.uuid(),
});

const ask = [
  { role: 'system', content: 'You plan social media for Harbour Yoga.' },
  { role: 'user', content: 'Plan the summer campaign for the beach classes' },
];

describe('structured output', () => {
  it.each([
    ['post', Post],
    ['campaign', Campaign],
    ['triage', Triage],
  ])('answers %s with JSON that validates against its schema', async (name, schema) => {
    const body = await complete({ messages: ask, response_format: schemaFormat(name, schema) });
    expect(body.choices[0]).toMatchObject({
      finish_reason: 'stop',
      message: { role: 'assistant' },
    });
    const value: unknown = JSON.parse(body.choices[0].message.content);
    expect(schema.safeParse(value).error).toBeUndefined();
  });

  it('gives the same answer to the same request and another to another prompt', async () => {
    const request = { messages: ask, response_format: schemaFormat('campaign', Campaign) };
    const first = await complete(request);
    const again = await complete(request);
    expect(again.choices[0].message.content).toBe(first.choices[0].message.content);
    const other = await complete({
      ...request,
      messages: [{ role: 'user', content: 'Plan the winter campaign for the studio' }],
    });
    expect(other.choices[0].message.content).not.toBe(first.choices[0].message.content);
  });

  it('answers json_object with a JSON object, and asks for the word json as OpenAI does', async () => {
    const body = await complete({
      messages: [{ role: 'user', content: 'Describe the class as JSON' }],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(body.choices[0].message.content)).toEqual({ text: expect.any(String) });
    const refused = await post({ messages: ask, response_format: { type: 'json_object' } });
    expect(refused.status).toBe(400);
    expect((await jsonOf(refused)).error.param).toBe('messages');
  });

  it('refuses strict schemas OpenAI refuses, with its 400 body', async () => {
    const open = await post({
      messages: ask,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'plan',
          strict: true,
          schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        },
      },
    });
    expect(open.status).toBe(400);
    expect((await jsonOf(open)).error).toEqual({
      message:
        "Invalid schema for response_format 'plan': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      type: 'invalid_request_error',
      param: 'response_format',
      code: null,
    });

    const partial = await post({
      messages: ask,
      response_format: schemaFormat('plan', z.object({ a: z.string(), b: z.string().optional() })),
    });
    expect(partial.status).toBe(400);
    expect((await jsonOf(partial)).error.message).toBe(
      "Invalid schema for response_format 'plan': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'b'.",
    );

    const nested = await post({
      messages: ask,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'plan',
          strict: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['items'],
            properties: {
              items: { type: 'array', items: { type: 'object', properties: {}, required: [] } },
            },
          },
        },
      },
    });
    expect((await jsonOf(nested)).error.message).toContain(
      "In context=('properties', 'items', 'items'), 'additionalProperties'",
    );

    const loose = await complete({
      messages: ask,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'plan', schema: { type: 'object', properties: { a: {} } } },
      },
    });
    expect(loose.choices[0].finish_reason).toBe('stop');
  });

  it('streams the same JSON in pieces', async () => {
    const request = { messages: ask, response_format: schemaFormat('campaign', Campaign) };
    const whole = await complete(request);
    const chunks = await chunksOf(request);
    expect(chunks.length).toBeGreaterThan(4);
    const { content, finish } = reassemble(chunks);
    expect(content).toBe(whole.choices[0].message.content);
    expect(finish).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { total_tokens: expect.any(Number) },
    });
  });
});

const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Weather forecast for a city',
      strict: true,
      parameters: {
        type: 'object',
        additionalProperties: false,
        required: ['city', 'unit'],
        properties: {
          city: { type: 'string', maxLength: 30 },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_posts',
      description: 'Scheduled posts of the business',
      parameters: {
        type: 'object',
        properties: { limit: { type: 'integer', minimum: 1, maximum: 20 } },
        required: ['limit'],
      },
    },
  },
];

function userSays(text: string) {
  return [{ role: 'user', content: text }];
}

describe('tool calls', () => {
  it("'auto' calls the tools the user mentions, with arguments from their schema", async () => {
    const body = await complete({ messages: userSays('What is the forecast in Porto?'), tools });
    const choice = body.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toHaveLength(1);
    const [call] = choice.message.tool_calls;
    expect(call.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather' } });
    const args = JSON.parse(call.function.arguments);
    expect(Object.keys(args).sort()).toEqual(['city', 'unit']);
    expect(['celsius', 'fahrenheit']).toContain(args.unit);
    expect(args.city.length).toBeLessThanOrEqual(30);

    const both = await complete({
      messages: userSays('Check the forecast and my scheduled posts'),
      tools,
    });
    expect(both.choices[0].message.tool_calls.map((c: Json) => c.function.name)).toEqual([
      'get_weather',
      'list_posts',
    ]);
    const one = await complete({
      messages: userSays('Check the forecast and my scheduled posts'),
      tools,
      parallel_tool_calls: false,
    });
    expect(one.choices[0].message.tool_calls).toHaveLength(1);
  });

  it("'auto' answers in text when no tool is mentioned, and 'none' never calls one", async () => {
    const plain = await complete({ messages: userSays('Write a caption about tea'), tools });
    expect(plain.choices[0].finish_reason).toBe('stop');
    expect(plain.choices[0].message.tool_calls).toBeUndefined();
    expect(typeof plain.choices[0].message.content).toBe('string');
    const none = await complete({
      messages: userSays('What is the forecast?'),
      tools,
      tool_choice: 'none',
    });
    expect(none.choices[0].finish_reason).toBe('stop');
  });

  it("'required' and a named tool always call one", async () => {
    const required = await complete({
      messages: userSays('Write a caption about tea'),
      tools,
      tool_choice: 'required',
    });
    expect(required.choices[0].message.tool_calls[0].function.name).toBe('get_weather');
    const matching = await complete({
      messages: userSays('How many posts are scheduled?'),
      tools,
      tool_choice: 'required',
    });
    expect(matching.choices[0].message.tool_calls[0].function.name).toBe('list_posts');
    const named = await complete({
      messages: userSays('What is the forecast?'),
      tools,
      tool_choice: { type: 'function', function: { name: 'list_posts' } },
    });
    const [call] = named.choices[0].message.tool_calls;
    expect(call.function.name).toBe('list_posts');
    const { limit } = JSON.parse(call.function.arguments);
    expect(Number.isInteger(limit) && limit >= 1 && limit <= 20).toBe(true);

    const missing = await post({
      messages: ask,
      tools,
      tool_choice: { type: 'function', function: { name: 'nope' } },
    });
    expect(missing.status).toBe(400);
    expect((await jsonOf(missing)).error.param).toBe('tool_choice');
    const withoutTools = await post({ messages: ask, tool_choice: 'required' });
    expect(withoutTools.status).toBe(400);
    expect((await jsonOf(withoutTools)).error.param).toBe('tool_choice');
  });

  it('refuses a strict tool whose parameters OpenAI would refuse', async () => {
    const res = await post({
      messages: ask,
      tools: [
        {
          type: 'function',
          function: {
            name: 'broken',
            strict: true,
            parameters: { type: 'object', properties: { a: { type: 'string' } }, required: [] },
          },
        },
      ],
    });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toMatchObject({
      type: 'invalid_request_error',
      param: 'tools[0].function.parameters',
      code: 'invalid_function_parameters',
      message: expect.stringContaining("Invalid schema for function 'broken'"),
    });
  });

  it('answers the tool results in text, and refuses a tool message without its call', async () => {
    const first = await complete({ messages: userSays('What is the forecast in Porto?'), tools });
    const assistant = first.choices[0].message;
    const call = assistant.tool_calls[0];
    const messages = [
      ...userSays('What is the forecast in Porto?'),
      assistant,
      { role: 'tool', tool_call_id: call.id, content: '{"temperature":21,"sky":"clear"}' },
    ];
    const answer = await complete({ messages, tools });
    expect(answer.choices[0].finish_reason).toBe('stop');
    expect(answer.choices[0].message.content).toContain('get_weather: temperature 21, sky clear');

    const orphan = await post({
      messages: [...userSays('Hi'), { role: 'tool', tool_call_id: 'call_x', content: '1' }],
    });
    expect(orphan.status).toBe(400);
    expect((await jsonOf(orphan)).error.message).toContain("messages with role 'tool'");
    const unanswered = await post({ messages: [...userSays('Hi'), assistant, ...userSays('?')] });
    expect(unanswered.status).toBe(400);
    expect((await jsonOf(unanswered)).error.message).toContain(call.id);
  });

  it('streams tool calls as id and name first, then argument pieces', async () => {
    const request = { messages: userSays('Check the forecast and my scheduled posts'), tools };
    const whole = await complete(request);
    const chunks = await chunksOf(request);
    expect(chunks[0].choices[0].delta).toMatchObject({ role: 'assistant', content: null });
    expect(chunks[1].choices[0].delta.tool_calls[0]).toMatchObject({
      index: 0,
      id: expect.stringMatching(/^call_/),
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    expect(chunks[2].choices[0].delta.tool_calls[0]).toEqual({
      index: 0,
      function: { arguments: expect.any(String) },
    });
    const { calls, finish, content } = reassemble(chunks);
    expect(finish).toBe('tool_calls');
    expect(content).toBeNull();
    expect(calls).toEqual(whole.choices[0].message.tool_calls);
  });
});

describe('scripted answers and faults', () => {
  it('delivers scripted content, JSON and tool calls as scripted, one request each', async () => {
    const control = await fetch(`${sim.url}/__control/script`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: [{ content: '{"title": "unfinished' }] }),
    });
    expect(await jsonOf(control)).toEqual({ scripted: 1 });
    sim.scriptAnswers(
      { json: { title: 42 } },
      { tool_calls: [{ name: 'list_posts', arguments: { limit: 500 } }] },
      { content: 'cut off', finish_reason: 'length' },
    );
    const request = { messages: ask, response_format: schemaFormat('post', Post), tools };
    const malformed = await complete(request);
    expect(malformed.choices[0].message.content).toBe('{"title": "unfinished');
    const violating = await complete(request);
    expect(violating.choices[0].message.content).toBe('{"title":42}');
    const called = await complete(request);
    expect(called.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { content: null, tool_calls: [{ function: { name: 'list_posts' } }] },
    });
    expect(called.choices[0].message.tool_calls[0].function.arguments).toBe('{"limit":500}');
    const chunks = await chunksOf(request);
    expect(reassemble(chunks)).toMatchObject({ content: 'cut off', finish: 'length' });
    const generated = await complete(request);
    expect(Post.safeParse(JSON.parse(generated.choices[0].message.content)).success).toBe(true);
  });

  it('keeps its faults for structured and tool requests', async () => {
    sim.queueFaults('rate_limit', 'server_error');
    const request = { messages: ask, response_format: schemaFormat('post', Post) };
    const limited = await post(request);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('20');
    expect((await post({ ...request, tools })).status).toBe(500);

    const broken = fetch(`${sim.baseURL}/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk-test',
        'content-type': 'application/json',
        'x-simulator-fault': 'stream_error',
      },
      body: JSON.stringify({
        model: 'sim-gpt-4o-mini',
        messages: userSays('Check the forecast'),
        tools,
        stream: true,
      }),
    });
    // Cut half-way: the body (or, unbuffered, the response itself) fails to arrive whole.
    await expect(broken.then((res) => res.text())).rejects.toThrow();
  });
});
