import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for an OpenAI-compatible chat completions endpoint: the request and response
// shapes of POST /v1/chat/completions (whole and streamed as server-sent events ending in
// `data: [DONE]`), GET /v1/models, OpenAI's error bodies, and faults on demand. Answers are
// deterministic: the same messages give the same caption.
//
// Faults, for one request: the header `x-simulator-fault: <fault>`, or queued for the next
// requests with POST /__control/faults {"faults": ["rate_limit", …]}. Faults: unauthorized,
// forbidden, model_not_found, bad_request, timeout (408), rate_limit (429 + retry-after),
// server_error (500), overloaded (503), hang (never answers), stream_error (breaks off a stream
// half-way), long (a caption far over Instagram's limits), none (a normal answer: queue it
// before a fault to fail the second request).

export const SIMULATOR_FAULTS = [
  'none',
  'unauthorized',
  'forbidden',
  'model_not_found',
  'bad_request',
  'timeout',
  'rate_limit',
  'server_error',
  'overloaded',
  'hang',
  'stream_error',
  'long',
] as const;
export type SimulatorFault = (typeof SIMULATOR_FAULTS)[number];

export interface OpenAiSimulatorOptions {
  port?: number;
  host?: string;
  /** Keys accepted as `Authorization: Bearer <key>`; empty accepts any key and none. */
  apiKeys?: string[];
  models?: string[];
  /** Pause between streamed chunks. */
  chunkDelayMs?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'developer' | 'tool';
  content: string | Array<{ type: string; text?: string }> | null;
}

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface OpenAiSimulator {
  url: string;
  /** Base URL to configure a client with (…/v1). */
  baseURL: string;
  requests: RecordedRequest[];
  queueFaults(...faults: SimulatorFault[]): void;
  close(): Promise<void>;
}

function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => part.text ?? '').join('');
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const OPENERS = [
  'Here is something we are proud of:',
  'Fresh from our team:',
  'You asked, we listened:',
  'Big news today:',
];
const CLOSERS = [
  'Tell us what you think in the comments.',
  'Come and see it for yourself.',
  'Share this with a friend who would love it.',
  'We cannot wait to hear from you.',
];

/** A caption built from the request: the user's words, the system prompt's rules, a seed. */
export function simulatedCaption(messages: ChatMessage[], long = false): string {
  const system = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => textOf(m.content))
    .join('\n');
  const user = messages
    .filter((m) => m.role === 'user')
    .map((m) => textOf(m.content))
    .join(' ')
    .trim();
  const h = hash(system + user);
  const words = user.replace(/[#@]/g, '').split(/\s+/).filter(Boolean).slice(0, 24).join(' ');
  const business = /Business: (.+)/.exec(system)?.[1]?.trim();
  const noEmoji = /Do not use emoji/i.test(system);
  const noHashtags = /Do not use hashtags/i.test(system);
  const lines = [
    `${OPENERS[h % OPENERS.length]} ${words || 'something new'}${noEmoji ? '' : ' ✨'}`,
    business ? `From all of us at ${business}.` : 'From all of us.',
    CLOSERS[(h >>> 3) % CLOSERS.length]!,
  ];
  let text = lines.join('\n\n');
  if (long)
    text = `${text}\n\n${'This sentence pads the caption well beyond the limit. '.repeat(60).trim()}`;
  if (!noHashtags) {
    const tagWords = user
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4)
      .slice(0, 4);
    const tags = tagWords.map((w) => `#${w}`);
    if (long) for (let i = 0; i < 40; i++) tags.push(`#tag${i}`);
    if (tags.length > 0) text += `\n\n${tags.join(' ')}`;
  }
  return text;
}

function errorBody(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) {
  return JSON.stringify({ error: { message, type, param, code } });
}

const FAULT_RESPONSES: Partial<
  Record<SimulatorFault, { status: number; body: string; headers?: Record<string, string> }>
> = {
  unauthorized: {
    status: 401,
    body: errorBody(
      'Incorrect API key provided: sk-****. You can find your API key at https://platform.openai.com/account/api-keys.',
      'invalid_request_error',
      'invalid_api_key',
    ),
  },
  forbidden: {
    status: 403,
    body: errorBody(
      'You are not allowed to sample from this model',
      'invalid_request_error',
      'model_not_allowed',
    ),
  },
  model_not_found: {
    status: 404,
    body: errorBody(
      'The model `missing-model` does not exist or you do not have access to it.',
      'invalid_request_error',
      'model_not_found',
    ),
  },
  bad_request: {
    status: 400,
    body: errorBody(
      "This model's maximum context length is 8192 tokens.",
      'invalid_request_error',
      'context_length_exceeded',
      'messages',
    ),
  },
  timeout: {
    status: 408,
    body: errorBody('Request timed out.', 'timeout_error', null),
  },
  rate_limit: {
    status: 429,
    body: errorBody(
      'Rate limit reached for requests. Please try again in 20s.',
      'requests',
      'rate_limit_exceeded',
    ),
    headers: {
      'retry-after': '20',
      'x-ratelimit-limit-requests': '60',
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '20s',
    },
  },
  server_error: {
    status: 500,
    body: errorBody(
      'The server had an error while processing your request. Sorry about that!',
      'server_error',
      null,
    ),
  },
  overloaded: {
    status: 503,
    body: errorBody(
      'The engine is currently overloaded, please try again later',
      'server_error',
      null,
    ),
  },
};

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: http.ServerResponse, status: number, body: string, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

/** Pieces of a few characters, as a model's tokens arrive. */
function chunksOf(text: string): string[] {
  return text.match(/\S*\s*/g)?.filter(Boolean) ?? [];
}

export async function startOpenAiSimulator(
  options: OpenAiSimulatorOptions = {},
): Promise<OpenAiSimulator> {
  const apiKeys = options.apiKeys ?? [];
  const models = options.models ?? ['sim-gpt-4o-mini', 'sim-llama-3.1-8b'];
  const delay = options.chunkDelayMs ?? 2;
  const queued: SimulatorFault[] = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = req.method === 'POST' ? await readBody(req) : '';
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      requests.push({ path: url.pathname, headers: req.headers, body });

      if (url.pathname === '/__control/faults' && req.method === 'POST') {
        const faults = (body?.['faults'] as SimulatorFault[] | undefined) ?? [];
        queued.push(...faults.filter((f) => SIMULATOR_FAULTS.includes(f)));
        return sendJson(res, 200, JSON.stringify({ queued: [...queued] }));
      }
      if (url.pathname === '/__control/faults' && req.method === 'DELETE') {
        queued.length = 0;
        return sendJson(res, 200, JSON.stringify({ queued: [] }));
      }

      const auth = req.headers.authorization ?? '';
      const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      if (apiKeys.length > 0 && !apiKeys.includes(key)) {
        return sendJson(res, 401, FAULT_RESPONSES.unauthorized!.body);
      }

      if (url.pathname === '/v1/models' && req.method === 'GET') {
        return sendJson(
          res,
          200,
          JSON.stringify({
            object: 'list',
            data: models.map((id) => ({
              id,
              object: 'model',
              created: 1_715_367_049,
              owned_by: 'system',
            })),
          }),
        );
      }

      if (url.pathname !== '/v1/chat/completions' || req.method !== 'POST') {
        return sendJson(
          res,
          404,
          errorBody(`Invalid URL (${req.method} ${url.pathname})`, 'invalid_request_error', null),
        );
      }
      if (!body || !Array.isArray(body['messages'])) {
        return sendJson(
          res,
          400,
          errorBody("'messages' is a required property", 'invalid_request_error', null, 'messages'),
        );
      }
      const model = String(body['model'] ?? '');
      const headerFault = req.headers['x-simulator-fault'];
      const fault =
        (typeof headerFault === 'string' && SIMULATOR_FAULTS.includes(headerFault as SimulatorFault)
          ? (headerFault as SimulatorFault)
          : undefined) ?? queued.shift();

      if (!models.includes(model) && (fault === undefined || fault === 'none')) {
        return sendJson(
          res,
          404,
          errorBody(
            `The model \`${model}\` does not exist or you do not have access to it.`,
            'invalid_request_error',
            'model_not_found',
          ),
        );
      }
      if (fault === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const faultResponse = fault ? FAULT_RESPONSES[fault] : undefined;
      if (faultResponse) {
        return sendJson(res, faultResponse.status, faultResponse.body, faultResponse.headers);
      }

      const messages = body['messages'] as ChatMessage[];
      const content = simulatedCaption(messages, fault === 'long');
      counter += 1;
      const id = `chatcmpl-sim${String(counter).padStart(6, '0')}${hash(content).toString(36)}`;
      const created = Math.floor(Date.now() / 1000);
      const promptTokens = Math.ceil(JSON.stringify(messages).length / 4);
      const completionTokens = Math.ceil(content.length / 4);
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };

      if (body['stream'] !== true) {
        return sendJson(
          res,
          200,
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model,
            system_fingerprint: 'fp_simulator',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content, refusal: null },
                logprobs: null,
                finish_reason: 'stop',
              },
            ],
            usage,
          }),
        );
      }

      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        system_fingerprint: 'fp_simulator',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      });
      send(chunk({ role: 'assistant', content: '', refusal: null }, null));
      const pieces = chunksOf(content);
      for (let i = 0; i < pieces.length; i++) {
        if (res.destroyed) return;
        if (fault === 'stream_error' && i === Math.floor(pieces.length / 2)) {
          // What a proxy cutting the connection looks like to the client.
          res.destroy();
          return;
        }
        send(chunk({ content: pieces[i] }, null));
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      }
      send(chunk({}, 'stop'));
      const streamOptions = body['stream_options'] as { include_usage?: boolean } | undefined;
      if (streamOptions?.include_usage) {
        send({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          system_fingerprint: 'fp_simulator',
          choices: [],
          usage,
        });
      }
      res.write('data: [DONE]\n\n');
      res.end();
    })().catch((error: unknown) => {
      if (!res.headersSent) {
        sendJson(res, 500, errorBody(String(error), 'server_error', null));
      } else {
        res.destroy();
      }
    });
  });

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    queueFaults: (...faults) => queued.push(...faults),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
