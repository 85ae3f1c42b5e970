// The simulator's fault catalogue and OpenAI's error bodies (see openai-simulator.ts).

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

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'developer' | 'tool';
  content: string | Array<{ type: string; text?: string }> | null;
  /** An assistant message's calls, and a `tool` message's answer to one of them. */
  tool_calls?: Array<{
    id: string;
    type: 'function';
    function: { name: string; arguments: string };
  }>;
  tool_call_id?: string;
}

export function errorBody(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) {
  return JSON.stringify({ error: { message, type, param, code } });
}

export const FAULT_RESPONSES: Partial<
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
