import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiSimulator, type OpenAiSimulator } from './openai-simulator.ts';

// The simulator speaks OpenAI's wire format: clients written against the real API (the AI SDK
// among them) must not notice the difference.

let sim: OpenAiSimulator;
beforeAll(async () => {
  sim = await startOpenAiSimulator({ apiKeys: ['sk-test'], chunkDelayMs: 0 });
});
afterAll(async () => {
  await sim.close();
});

const messages = [
  { role: 'system', content: 'Business: Harbour Yoga\nDo not use emoji.' },
  { role: 'user', content: 'Announce the sunrise yoga class on the beach' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function json(res: Response | Promise<Response>): Promise<Json> {
  return (await res).json();
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${sim.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('OpenAI simulator', () => {
  it('lists its models', async () => {
    const res = await fetch(`${sim.baseURL}/models`, {
      headers: { authorization: 'Bearer sk-test' },
    });
    const body = await json(res);
    expect(body.object).toBe('list');
    expect(body.data[0]).toMatchObject({
      id: 'sim-gpt-4o-mini',
      object: 'model',
      owned_by: 'system',
    });
  });

  it('answers a chat completion whole, the same for the same messages', async () => {
    const first = await json(post({ model: 'sim-gpt-4o-mini', messages }));
    expect(first).toMatchObject({
      object: 'chat.completion',
      model: 'sim-gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) },
    });
    expect(first.id).toMatch(/^chatcmpl-/);
    const content: string = first.choices[0].message.content;
    expect(content).toContain('Announce the sunrise yoga class on the beach');
    expect(content).toContain('From all of us at Harbour Yoga.');
    expect(content).not.toContain('✨');
    const again = await json(post({ model: 'sim-gpt-4o-mini', messages }));
    expect(again.choices[0].message.content).toBe(content);
  });

  it('streams chunks as server-sent events ending in [DONE], with usage when asked', async () => {
    const res = await post({
      model: 'sim-gpt-4o-mini',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const lines = (await res.text()).split('\n\n').filter(Boolean);
    expect(lines.at(-1)).toBe('data: [DONE]');
    const chunks = lines.slice(0, -1).map((l) => JSON.parse(l.replace(/^data: /, '')));
    expect(chunks[0]).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    const finish = chunks.at(-2);
    expect(finish.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { total_tokens: expect.any(Number) },
    });
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    const whole = await json(post({ model: 'sim-gpt-4o-mini', messages }));
    expect(text).toBe(whole.choices[0].message.content);
  });

  it('refuses a wrong key and an unknown model with OpenAI’s error bodies', async () => {
    const wrongKey = await post(
      { model: 'sim-gpt-4o-mini', messages },
      { authorization: 'Bearer nope' },
    );
    expect(wrongKey.status).toBe(401);
    expect((await json(wrongKey)).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
    const unknown = await post({ model: 'gpt-9', messages });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.code).toBe('model_not_found');
  });

  it('injects faults from a header or a queue, one request each', async () => {
    const limited = await post(
      { model: 'sim-gpt-4o-mini', messages },
      { 'x-simulator-fault': 'rate_limit' },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('20');
    expect((await json(limited)).error.code).toBe('rate_limit_exceeded');

    await fetch(`${sim.url}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faults: ['none', 'server_error'] }),
    });
    expect((await post({ model: 'sim-gpt-4o-mini', messages })).status).toBe(200);
    expect((await post({ model: 'sim-gpt-4o-mini', messages })).status).toBe(500);
    expect((await post({ model: 'sim-gpt-4o-mini', messages })).status).toBe(200);
  });
});
