import type { ChatMessage } from './openai-faults.ts';
import { instanceOf, strictSchemaProblem, type JsonSchema } from './openai-schema.ts';
import { textOf, type RequestProblem } from './openai-tools.ts';

// Structured output in the simulator: `response_format` is checked as OpenAI checks it (a strict
// schema must close every object and require every property), and a `json_schema` request is
// answered with an instance generated from its schema, seeded by the messages, so the same
// request gets the same JSON.

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; schema?: JsonSchema; strict?: boolean } };

/** What is wrong with `response_format`, as OpenAI words it, or null. */
export function responseFormatProblem(
  format: unknown,
  messages: ChatMessage[],
): RequestProblem | null {
  if (format === undefined || format === null) return null;
  const type = (format as { type?: unknown }).type;
  if (type === 'text') return null;
  if (type === 'json_object') {
    const said = messages.some((m) => /json/i.test(textOf(m.content)));
    return said
      ? null
      : {
          message:
            "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
          param: 'messages',
          code: null,
        };
  }
  if (type !== 'json_schema') {
    return {
      message: `Invalid value: '${String(type)}'. Supported values are: 'json_object', 'json_schema', and 'text'.`,
      param: 'response_format.type',
      code: 'invalid_value',
    };
  }
  const spec = (format as { json_schema?: ResponseFormat & object }).json_schema as
    { name?: unknown; schema?: JsonSchema; strict?: boolean } | undefined;
  if (!spec || typeof spec !== 'object') {
    return {
      message: "Missing required parameter: 'response_format.json_schema'.",
      param: 'response_format.json_schema',
      code: 'missing_required_parameter',
    };
  }
  if (typeof spec.name !== 'string') {
    return {
      message: "Missing required parameter: 'response_format.json_schema.name'.",
      param: 'response_format.json_schema.name',
      code: 'missing_required_parameter',
    };
  }
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name)) {
    return {
      message: `Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
      param: 'response_format.json_schema.name',
      code: 'invalid_value',
    };
  }
  if (spec.strict === true) {
    const schema = spec.schema ?? {};
    if (schema.type !== 'object') {
      return {
        message: `Invalid schema for response_format '${spec.name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema.type)}"'.`,
        param: 'response_format',
        code: null,
      };
    }
    const problem = strictSchemaProblem(schema);
    if (problem) {
      return {
        message: `Invalid schema for response_format '${spec.name}': ${problem}`,
        param: 'response_format',
        code: null,
      };
    }
  }
  return null;
}

/** The seed of generated answers: everything the system and the user said. */
export function promptText(messages: ChatMessage[]): string {
  return messages
    .filter((m) => m.role !== 'assistant' && m.role !== 'tool')
    .map((m) => textOf(m.content))
    .join('\n');
}

/** The JSON text answering a `json_schema` request; null for any other format. */
export function schemaAnswer(format: unknown, messages: ChatMessage[]): string | null {
  if ((format as { type?: unknown } | undefined)?.type !== 'json_schema') return null;
  const schema = (format as { json_schema: { schema?: JsonSchema } }).json_schema.schema ?? {
    type: 'object',
    properties: {},
  };
  return JSON.stringify(instanceOf(schema, promptText(messages)));
}
