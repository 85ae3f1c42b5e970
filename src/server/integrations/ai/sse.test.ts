import { describe, expect, it } from 'vitest';
import { sseData } from './sse.ts';

// The event reader must not depend on how the network cuts the bytes.

function streamOf(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function all(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(body)) out.push(data);
  return out;
}

describe('sseData', () => {
  it('yields each event’s data, whatever the pieces and line endings', async () => {
    const text =
      ': keep-alive\n\ndata: {"a":1}\r\n\r\nevent: x\ndata: line one\ndata: line two\n\ndata:[DONE]\n\n';
    const expected = ['{"a":1}', 'line one\nline two', '[DONE]'];
    expect(await all(streamOf(text))).toEqual(expected);
    expect(await all(streamOf(...text.split('')))).toEqual(expected);
    expect(await all(streamOf('data: {"a"', ':1}\r', '\n\r\n', 'data: é'))).toEqual([
      '{"a":1}',
      'é',
    ]);
  });

  it('splits a multi-byte character across pieces correctly', async () => {
    const bytes = new TextEncoder().encode('data: ✨\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    expect(await all(body)).toEqual(['✨']);
  });
});
