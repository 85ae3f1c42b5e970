import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FAULT_RESPONSES,
  SIMULATOR_FAULTS,
  errorBody,
  type ChatMessage,
  type SimulatorFault,
} from './openai-faults.ts';
import { hash } from './openai-schema.ts';
import { writeStream, type StreamedAnswer } from './openai-stream.ts';
import { responseFormatProblem, schemaAnswer } from './openai-structured.ts';
import {
  callId,
  chooseTools,
  endsWithToolResults,
  simulatedToolCalls,
  summaryOfToolResults,
  textOf,
  toolMessagesProblem,
  toolsProblem,
  type RequestProblem,
  type SimulatedToolCall,
  type ToolChoice,
  type ToolDefinition,
} from './openai-tools.ts';

export { SIMULATOR_FAULTS, type ChatMessage, type SimulatorFault } from './openai-faults.ts';

// A local stand-in for an OpenAI-compatible chat completions endpoint: the request and response
// shapes of POST /v1/chat/completions (whole and streamed as server-sent events ending in
// `data: [DONE]`), GET /v1/models, OpenAI's error bodies, and faults on demand. Answers are
// deterministic: the same request gives the same answer.
//
// What it answers (docs/decisions/060-ai-content-streaming-and-providers.md, "Structured output
// and tool calls"): a caption for plain text; for `response_format: json_schema` a JSON instance
// generated from the schema (openai-structured.ts; strict schemas are checked first and refused
// with OpenAI's 400); for `json_object` a JSON object; with `tools`, tool calls chosen by the
// rule in openai-tools.ts, and after `tool` messages a text summing up their results. Streamed
// forms of each in openai-stream.ts.
//
// Faults, for one request: the header `x-simulator-fault: <fault>`, or queued for the next
// requests with POST /__control/faults {"faults": ["rate_limit", …]}. Faults: unauthorized,
// forbidden, model_not_found, bad_request, timeout (408), rate_limit (429 + retry-after),
// server_error (500), overloaded (503), hang (never answers), stream_error (breaks off a stream
// half-way), long (a caption far over Instagram's limits), none (a normal answer: queue it
// before a fault to fail the second request).
//
// Scripted answers replace the generated ones, one request each, in order: POST /__control/script
// {"answers": [...]} or `scriptAnswers(...)`, each `{content}` (any text: malformed JSON too),
// `{json}` (a value sent as the JSON content, e.g. one that breaks the schema), or
// `{tool_calls: [{name, arguments}]}`; `finish_reason` overrides the reason. DELETE clears them.
// A fault takes precedence: the scripted answer waits for the next request that is answered.

export type ScriptedAnswer = { finish_reason?: 'stop' | 'length' | 'tool_calls' } & (
  | { content: string }
  | { json: unknown }
  | { tool_calls: Array<{ name: string; arguments: unknown; id?: string }> }
);

export interface OpenAiSimulatorOptions {
  port?: number;
  host?: string;
  /** Keys accepted as `Authorization: Bearer <key>`; empty accepts any key and none. */
  apiKeys?: string[];
  models?: string[];
  /** Pause between streamed chunks. */
  chunkDelayMs?: number;
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
  scriptAnswers(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
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

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: http.ServerResponse, status: number, body: string, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

interface Answer {
  content: string | null;
  toolCalls: SimulatedToolCall[];
  finishReason: 'stop' | 'tool_calls' | 'length';
}

/** The first thing OpenAI would refuse in this request with a 400, or null. */
function requestProblem(body: Record<string, unknown>): RequestProblem | null {
  const messages = body['messages'] as ChatMessage[];
  return (
    toolsProblem(body['tools'], body['tool_choice']) ??
    responseFormatProblem(body['response_format'], messages) ??
    toolMessagesProblem(messages)
  );
}

function fromScript(answer: ScriptedAnswer, messages: ChatMessage[]): Answer {
  if ('tool_calls' in answer) {
    const toolCalls = answer.tool_calls.map((call, index) => ({
      id: call.id ?? callId(`${JSON.stringify(messages)}\n${call.name}\n${index}`),
      type: 'function' as const,
      function: {
        name: call.name,
        arguments:
          typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
      },
    }));
    return { content: null, toolCalls, finishReason: answer.finish_reason ?? 'tool_calls' };
  }
  const content = 'content' in answer ? answer.content : JSON.stringify(answer.json);
  return { content, toolCalls: [], finishReason: answer.finish_reason ?? 'stop' };
}

/** The answer to a valid request: scripted, tool calls, tool results summed up, JSON or a caption. */
function answerFor(
  body: Record<string, unknown>,
  messages: ChatMessage[],
  long: boolean,
  script: ScriptedAnswer | undefined,
): Answer {
  if (script) return fromScript(script, messages);
  const text = (content: string): Answer => ({ content, toolCalls: [], finishReason: 'stop' });
  const format = body['response_format'];
  if (endsWithToolResults(messages)) return text(summaryOfToolResults(messages));
  const chosen = chooseTools(
    body['tools'] as ToolDefinition[] | undefined,
    body['tool_choice'] as ToolChoice | undefined,
    body['parallel_tool_calls'] !== false,
    messages,
  );
  if (chosen.length > 0) {
    return {
      content: null,
      toolCalls: simulatedToolCalls(chosen, messages),
      finishReason: 'tool_calls',
    };
  }
  const json = schemaAnswer(format, messages);
  if (json !== null) return text(json);
  if ((format as { type?: unknown } | undefined)?.type === 'json_object') {
    return text(JSON.stringify({ text: simulatedCaption(messages, long) }));
  }
  return text(simulatedCaption(messages, long));
}

export async function startOpenAiSimulator(
  options: OpenAiSimulatorOptions = {},
): Promise<OpenAiSimulator> {
  const apiKeys = options.apiKeys ?? [];
  const models = options.models ?? ['sim-gpt-4o-mini', 'sim-llama-3.1-8b'];
  const delay = options.chunkDelayMs ?? 2;
  const queued: SimulatorFault[] = [];
  const scripted: ScriptedAnswer[] = [];
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

      if (url.pathname === '/__control/script' && req.method === 'POST') {
        scripted.push(...((body?.['answers'] as ScriptedAnswer[] | undefined) ?? []));
        return sendJson(res, 200, JSON.stringify({ scripted: scripted.length }));
      }
      if (url.pathname === '/__control/script' && req.method === 'DELETE') {
        scripted.length = 0;
        return sendJson(res, 200, JSON.stringify({ scripted: 0 }));
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
      const problem = requestProblem(body);
      if (problem) {
        return sendJson(
          res,
          400,
          errorBody(problem.message, 'invalid_request_error', problem.code, problem.param),
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
      const answer = answerFor(body, messages, fault === 'long', scripted.shift());
      counter += 1;
      const text = answer.content ?? JSON.stringify(answer.toolCalls);
      const id = `chatcmpl-sim${String(counter).padStart(6, '0')}${hash(text).toString(36)}`;
      const created = Math.floor(Date.now() / 1000);
      const promptTokens = Math.ceil(JSON.stringify(messages).length / 4);
      const completionTokens = Math.ceil(text.length / 4);
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };

      if (body['stream'] !== true) {
        const message =
          answer.toolCalls.length > 0
            ? { role: 'assistant', content: null, tool_calls: answer.toolCalls, refusal: null }
            : { role: 'assistant', content: answer.content, refusal: null };
        return sendJson(
          res,
          200,
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model,
            system_fingerprint: 'fp_simulator',
            choices: [{ index: 0, message, logprobs: null, finish_reason: answer.finishReason }],
            usage,
          }),
        );
      }
      const streamOptions = body['stream_options'] as { include_usage?: boolean } | undefined;
      const streamed: StreamedAnswer = {
        ...answer,
        id,
        created,
        model,
        usage,
        includeUsage: streamOptions?.include_usage === true,
      };
      await writeStream(res, streamed, { delayMs: delay, breakHalfway: fault === 'stream_error' });
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
    scriptAnswers: (...answers) => scripted.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
