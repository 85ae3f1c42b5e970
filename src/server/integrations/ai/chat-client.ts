import type * as AiSdk from 'ai';
import { z } from 'zod';
import { providerError } from '#server/features/ai-content/ai-provider.ts';
import { sseData } from './sse.ts';

// A client for OpenAI-compatible chat completions with what the caption generator does not need:
// structured output (`response_format: json_schema`, strict), tool calls, and both streamed. It
// speaks the wire format with fetch, and fails with the same catalogue errors as the caption
// generator (`providerError`, docs/product/errors.md#fallback-mapping). An answer that is not
// JSON, or not of the schema, is a problem the caller handles (`structured`), not an exception.
// docs/decisions/060-ai-content-streaming-and-providers.md, "Structured output and tool calls".

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ChatClientConfig {
  /** The API's base, …/v1. */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** For a whole request, a streamed one included. */
  timeoutMs: number;
  fetch?: FetchLike;
}

export interface ToolCall {
  id: string;
  name: string;
  /** JSON text, as the model wrote it: parse and validate before use. */
  arguments: string;
}

export type ChatMessage =
  | { role: 'system' | 'developer' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON schema of the arguments. */
  parameters: Record<string, unknown>;
  strict?: boolean;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export type ResponseFormat =
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: Record<string, unknown>; strict?: boolean };

export interface ChatRequest {
  messages: ChatMessage[];
  responseFormat?: ResponseFormat;
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  signal?: AbortSignal;
}

export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | (string & {});

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatCompletion {
  content: string | null;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage: Usage | null;
  /** Set when the model declined to answer a structured request. */
  refusal: string | null;
}

export type ChatStreamEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; index: number; id: string; name: string; argumentsDelta: string }
  | { type: 'done'; finishReason: FinishReason; usage: Usage | null };

export type StructuredResult<T> =
  { ok: true; value: T } | { ok: false; problem: string; raw: string };

export interface ChatClient {
  complete(request: ChatRequest): Promise<ChatCompletion>;
  stream(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
  structured<S extends z.ZodType>(
    schema: S,
    name: string,
    messages: ChatMessage[],
    options?: { signal?: AbortSignal },
  ): Promise<StructuredResult<z.output<S>>>;
}

interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

interface WireToolCall {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

function toWire(message: ChatMessage): Record<string, unknown> {
  if (message.role === 'tool') {
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    return {
      role: 'assistant',
      content: message.content,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  return { role: message.role, content: message.content };
}

function requestBody(model: string, request: ChatRequest, stream: boolean) {
  const body: Record<string, unknown> = { model, messages: request.messages.map(toWire) };
  const format = request.responseFormat;
  if (format?.type === 'json_object') body['response_format'] = { type: 'json_object' };
  if (format?.type === 'json_schema') {
    body['response_format'] = {
      type: 'json_schema',
      json_schema: { name: format.name, schema: format.schema, strict: format.strict ?? true },
    };
  }
  if (request.tools && request.tools.length > 0) {
    body['tools'] = request.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.parameters,
        ...(tool.strict === undefined ? {} : { strict: tool.strict }),
      },
    }));
    if (request.parallelToolCalls !== undefined) {
      body['parallel_tool_calls'] = request.parallelToolCalls;
    }
  }
  const choice = request.toolChoice;
  if (choice !== undefined) {
    body['tool_choice'] =
      typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
  }
  if (stream) {
    body['stream'] = true;
    body['stream_options'] = { include_usage: true };
  }
  return body;
}

function usageOf(usage: WireUsage | null | undefined): Usage | null {
  if (!usage) return null;
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage.total_tokens ?? promptTokens + completionTokens,
  };
}

/** An answer we could not use: mapped by `providerError` to SERVER_ERROR, not a network error. */
class UnreadableAnswer extends Error {
  override name = 'UnreadableAnswer';
}

/** A stream that ended before its finish reason: a cut connection, as fetch reports one. */
function cutOff(): TypeError {
  return new TypeError('the stream ended before its last chunk');
}

export function createChatClient(config: ChatClientConfig): ChatClient {
  const fetcher: FetchLike = config.fetch ?? ((url, init) => fetch(url, init));
  const url = `${config.baseUrl.replace(/\/$/, '')}/chat/completions`;

  /** Any failure onto the catalogue; the AI SDK's error classes are loaded only for failures. */
  async function failure(error: unknown, timeout: AbortSignal): Promise<Error> {
    const ai: typeof AiSdk = await import('ai');
    return providerError(ai, error, { timedOut: timeout.aborted, model: config.model });
  }

  async function send(request: ChatRequest, stream: boolean, timeout: AbortSignal) {
    const body = requestBody(config.model, request, stream);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const res = await fetcher(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: stream ? 'text/event-stream' : 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let message = res.statusText || `HTTP ${res.status}`;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // Not OpenAI's error body: the status says enough.
      }
      const { APICallError } = await import('ai');
      throw new APICallError({
        message,
        url,
        requestBodyValues: body,
        statusCode: res.status,
        responseHeaders: Object.fromEntries(res.headers.entries()),
        responseBody: text,
      });
    }
    return res;
  }

  async function complete(request: ChatRequest): Promise<ChatCompletion> {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    try {
      const res = await send(request, false, timeout);
      const json = (await res.json()) as {
        choices?: Array<{
          message?: {
            content?: string | null;
            refusal?: string | null;
            tool_calls?: WireToolCall[];
          };
          finish_reason?: string | null;
        }>;
        usage?: WireUsage;
      };
      const choice = json.choices?.[0];
      if (!choice?.message) throw new UnreadableAnswer('the answer has no choices[0].message');
      const toolCalls = (choice.message.tool_calls ?? []).map((call) => ({
        id: call.id ?? '',
        name: call.function?.name ?? '',
        arguments: call.function?.arguments ?? '',
      }));
      return {
        content: choice.message.content ?? null,
        toolCalls,
        finishReason: choice.finish_reason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
        usage: usageOf(json.usage),
        refusal: choice.message.refusal ?? null,
      };
    } catch (error) {
      throw await failure(error, timeout);
    }
  }

  async function* stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    let finishReason: FinishReason | null = null;
    let usage: Usage | null = null;
    const calls = new Map<number, { id: string; name: string }>();
    try {
      const res = await send(request, true, timeout);
      if (!res.body) throw new UnreadableAnswer('the streamed answer has no body');
      for await (const data of sseData(res.body)) {
        if (data === '[DONE]') break;
        const chunk = JSON.parse(data) as {
          choices?: Array<{
            delta?: { content?: string | null; tool_calls?: WireToolCall[] };
            finish_reason?: string | null;
          }>;
          usage?: WireUsage | null;
          error?: { message?: string };
        };
        if (chunk.error) {
          throw new UnreadableAnswer(`the stream reported an error: ${chunk.error.message ?? ''}`);
        }
        if (chunk.usage) usage = usageOf(chunk.usage);
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const delta = choice.delta ?? {};
        if (typeof delta.content === 'string' && delta.content !== '') {
          yield { type: 'text', delta: delta.content };
        }
        for (const piece of delta.tool_calls ?? []) {
          const index = piece.index ?? 0;
          const known = calls.get(index) ?? { id: '', name: '' };
          if (piece.id) known.id = piece.id;
          if (piece.function?.name) known.name = piece.function.name;
          calls.set(index, known);
          yield {
            type: 'tool_call',
            index,
            id: known.id,
            name: known.name,
            argumentsDelta: piece.function?.arguments ?? '',
          };
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      if (finishReason === null) throw cutOff();
    } catch (error) {
      throw await failure(error, timeout);
    }
    yield { type: 'done', finishReason, usage };
  }

  async function structured<S extends z.ZodType>(
    schema: S,
    name: string,
    messages: ChatMessage[],
    options: { signal?: AbortSignal } = {},
  ): Promise<StructuredResult<z.output<S>>> {
    // The dialect line is not part of the schema OpenAI takes.
    const jsonSchema = { ...(z.toJSONSchema(schema) as Record<string, unknown>) };
    delete jsonSchema['$schema'];
    const answer = await complete({
      messages,
      responseFormat: { type: 'json_schema', name, schema: jsonSchema, strict: true },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const raw = answer.content ?? '';
    if (answer.refusal) return { ok: false, problem: `refused: ${answer.refusal}`, raw };
    if (answer.finishReason === 'length') {
      return { ok: false, problem: 'the answer was cut off at the length limit', raw };
    }
    if (answer.content === null) {
      return { ok: false, problem: 'the answer has no content', raw };
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return { ok: false, problem: `not JSON: ${(error as Error).message}`, raw };
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      return {
        ok: false,
        problem: `does not match the schema '${name}': ${z.prettifyError(parsed.error)}`,
        raw,
      };
    }
    return { ok: true, value: parsed.data };
  }

  return { complete, stream, structured };
}
