import type http from 'node:http';
import type { SimulatedToolCall } from './openai-tools.ts';

// A completion as server-sent events, as OpenAI streams it: `chat.completion.chunk` objects, the
// role first, then the text in pieces, or for tool calls each call's id and name with empty
// arguments followed by the arguments in pieces; a last chunk with the finish reason, a usage
// chunk when `stream_options.include_usage`, then `data: [DONE]`.

export interface StreamedAnswer {
  id: string;
  created: number;
  model: string;
  content: string | null;
  toolCalls: SimulatedToolCall[];
  finishReason: 'stop' | 'tool_calls' | 'length';
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  includeUsage: boolean;
}

/** Pieces of a few characters, as a model's tokens arrive. */
export function chunksOf(text: string): string[] {
  return text.match(/\S*\s*/g)?.filter(Boolean) ?? [];
}

/** Argument JSON in pieces of up to eight characters. */
function argumentPieces(text: string): string[] {
  return text.match(/[\s\S]{1,8}/g) ?? [];
}

/** The deltas of a streamed answer, in order, the finish chunk aside. */
export function deltasOf(answer: Pick<StreamedAnswer, 'content' | 'toolCalls'>) {
  const deltas: Array<Record<string, unknown>> = [];
  if (answer.toolCalls.length > 0) {
    deltas.push({ role: 'assistant', content: null, refusal: null });
    answer.toolCalls.forEach((call, index) => {
      deltas.push({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: '' },
          },
        ],
      });
      for (const piece of argumentPieces(call.function.arguments)) {
        deltas.push({ tool_calls: [{ index, function: { arguments: piece } }] });
      }
    });
    return deltas;
  }
  deltas.push({ role: 'assistant', content: '', refusal: null });
  for (const piece of chunksOf(answer.content ?? '')) deltas.push({ content: piece });
  return deltas;
}

export async function writeStream(
  res: http.ServerResponse,
  answer: StreamedAnswer,
  options: { delayMs: number; breakHalfway: boolean },
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const base = {
    id: answer.id,
    object: 'chat.completion.chunk',
    created: answer.created,
    model: answer.model,
    system_fingerprint: 'fp_simulator',
  };
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const deltas = deltasOf(answer);
  send(chunk(deltas[0]!, null));
  const rest = deltas.slice(1);
  for (let i = 0; i < rest.length; i++) {
    if (res.destroyed) return;
    if (options.breakHalfway && i === Math.floor(rest.length / 2)) {
      // What a proxy cutting the connection looks like to the client.
      res.destroy();
      return;
    }
    send(chunk(rest[i]!, null));
    if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  }
  send(chunk({}, answer.finishReason));
  if (answer.includeUsage) send({ ...base, choices: [], usage: answer.usage });
  res.write('data: [DONE]\n\n');
  res.end();
}
