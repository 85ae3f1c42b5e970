import { hash, instanceOf, strictSchemaProblem, type JsonSchema } from './openai-schema.ts';
import type { ChatMessage } from './openai-faults.ts';

// Tool calls in the simulator: which tools a request calls (a fixed rule, so tests can predict
// it), their arguments generated from each tool's parameters schema, the checks on `tools`,
// `tool_choice` and `tool` messages, and the text answer once the tools' results are back.
//
// The rule: `tool_choice: 'none'` → text; `{type:'function', function:{name}}` → that tool;
// 'required' → the first tool whose name or a word of its description is in the last user
// message, else the first tool; 'auto' (the default with tools) → the tools mentioned that way
// (all of them, or the first with `parallel_tool_calls: false`), else text.

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: JsonSchema; strict?: boolean };
}

export type ToolChoice =
  'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export interface SimulatedToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface RequestProblem {
  message: string;
  param: string | null;
  code: string | null;
}

const STOP_WORDS = new Set(
  'with that this from about into your their when what which will have more some than them then they each only also given used uses using should would could tool function returns return'.split(
    ' ',
  ),
);

export function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => part.text ?? '').join('');
}

function lastUserText(messages: ChatMessage[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  return last ? textOf(last.content) : '';
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4 && !STOP_WORDS.has(w));
}

function mentions(tool: ToolDefinition, userText: string): boolean {
  const text = userText.toLowerCase();
  const name = tool.function.name.toLowerCase();
  if (text.includes(name) || text.includes(name.replace(/[_-]+/g, ' '))) return true;
  const said = new Set(wordsOf(userText));
  return wordsOf(tool.function.description ?? '').some((w) => said.has(w));
}

/** What is wrong with `tools` and `tool_choice`, as OpenAI words it, or null. */
export function toolsProblem(tools: unknown, toolChoice: unknown): RequestProblem | null {
  if (tools === undefined) {
    return toolChoice === undefined
      ? null
      : {
          message:
            "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
          param: 'tool_choice',
          code: null,
        };
  }
  if (!Array.isArray(tools)) {
    return { message: "Invalid type for 'tools': expected an array.", param: 'tools', code: null };
  }
  for (const [i, tool] of (tools as ToolDefinition[]).entries()) {
    if (tool?.type !== 'function' || typeof tool.function?.name !== 'string') {
      return {
        message: `Missing required parameter: 'tools[${i}].function'.`,
        param: `tools[${i}].function`,
        code: 'missing_required_parameter',
      };
    }
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.function.name)) {
      return {
        message: `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        param: `tools[${i}].function.name`,
        code: 'invalid_value',
      };
    }
    if (tool.function.strict === true) {
      const problem = strictSchemaProblem(tool.function.parameters ?? {});
      if (problem) {
        return {
          message: `Invalid schema for function '${tool.function.name}': ${problem}`,
          param: `tools[${i}].function.parameters`,
          code: 'invalid_function_parameters',
        };
      }
    }
  }
  if (typeof toolChoice === 'object' && toolChoice !== null) {
    const name = (toolChoice as { function?: { name?: string } }).function?.name;
    if (!(tools as ToolDefinition[]).some((t) => t.function.name === name)) {
      return {
        message: `Tool choice '${String(name)}' not found in 'tools' parameter.`,
        param: 'tool_choice',
        code: null,
      };
    }
  } else if (
    toolChoice !== undefined &&
    !['auto', 'none', 'required'].includes(String(toolChoice))
  ) {
    return {
      message: `Invalid value: '${String(toolChoice)}'. Supported values are: 'none', 'auto', and 'required'.`,
      param: 'tool_choice',
      code: 'invalid_value',
    };
  }
  return null;
}

/** `tool` messages must answer the `tool_calls` of the assistant message before them, all of them. */
export function toolMessagesProblem(messages: ChatMessage[]): RequestProblem | null {
  let open: { index: number; ids: Set<string> } | null = null;
  for (const [i, message] of messages.entries()) {
    if (message.role === 'tool') {
      if (!open || !open.ids.has(String(message.tool_call_id))) {
        return {
          message:
            "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          param: `messages.[${i}].role`,
          code: null,
        };
      }
      open.ids.delete(String(message.tool_call_id));
      continue;
    }
    if (open && open.ids.size > 0) break;
    open = null;
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      open = { index: i, ids: new Set(message.tool_calls.map((c) => c.id)) };
    }
  }
  if (open && open.ids.size > 0) {
    return {
      message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open.ids].join(', ')}`,
      param: `messages.[${open.index}].role`,
      code: null,
    };
  }
  return null;
}

/** The tools this request calls, by the rule above; empty for a text answer. */
export function chooseTools(
  tools: ToolDefinition[] | undefined,
  toolChoice: ToolChoice | undefined,
  parallel: boolean,
  messages: ChatMessage[],
): ToolDefinition[] {
  if (!tools || tools.length === 0 || toolChoice === 'none') return [];
  if (typeof toolChoice === 'object') {
    return tools.filter((t) => t.function.name === toolChoice.function.name).slice(0, 1);
  }
  const userText = lastUserText(messages);
  const mentioned = tools.filter((t) => mentions(t, userText));
  if (toolChoice === 'required') return [mentioned[0] ?? tools[0]!];
  return parallel ? mentioned : mentioned.slice(0, 1);
}

/** A call id in OpenAI's shape (`call_` and 24 letters and digits), the same for the same request. */
export function callId(seed: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let h = hash(seed);
  let id = 'call_';
  for (let i = 0; i < 24; i++) {
    h = hash(`${h}:${i}:${seed}`);
    id += alphabet[h % alphabet.length];
  }
  return id;
}

export function simulatedToolCalls(
  chosen: ToolDefinition[],
  messages: ChatMessage[],
): SimulatedToolCall[] {
  const userText = lastUserText(messages);
  return chosen.map((tool, index) => {
    const parameters = tool.function.parameters ?? { type: 'object', properties: {} };
    const args = instanceOf(parameters, `${userText}\n${tool.function.name}`);
    return {
      id: callId(`${JSON.stringify(messages)}\n${tool.function.name}\n${index}`),
      type: 'function',
      function: { name: tool.function.name, arguments: JSON.stringify(args) },
    };
  });
}

/** True when the conversation ends with tool results waiting for an answer. */
export function endsWithToolResults(messages: ChatMessage[]): boolean {
  return messages.at(-1)?.role === 'tool';
}

function describeResult(content: string): string {
  try {
    const value: unknown = JSON.parse(content);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value)
        .slice(0, 6)
        .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join(', ');
    }
    return JSON.stringify(value);
  } catch {
    return content.length > 200 ? `${content.slice(0, 197)}...` : content;
  }
}

/** The answer once tools have answered: one line per result, named after its tool. */
export function summaryOfToolResults(messages: ChatMessage[]): string {
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
  }
  let start = messages.length;
  while (start > 0 && messages[start - 1]!.role === 'tool') start -= 1;
  const lines = messages.slice(start).map((m) => {
    const name = names.get(String(m.tool_call_id)) ?? 'tool';
    return `- ${name}: ${describeResult(textOf(m.content))}`;
  });
  return `Here is what I found.\n${lines.join('\n')}`;
}
