import { describe, expect, it } from 'vitest';
import { readSseData } from './sse-lines.ts';

function bodyOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

describe('readSseData', () => {
  it('gives the data lines in order, however the bytes were split', async () => {
    const bytes = new TextEncoder().encode(
      ': keep-alive\r\nevent: text\r\ndata: {"type":"text","delta":"Café"}\r\n\r\ndata: {"type":"done"}\n\n',
    );
    // Split inside the two-byte "é" and inside a line ending.
    const cut = [0, 40, 47, 48, 61, bytes.length];
    const pieces = cut.slice(1).map((end, i) => bytes.slice(cut[i], end));
    const seen: string[] = [];
    await readSseData(bodyOf(pieces), (data) => seen.push(data));
    expect(seen).toEqual(['{"type":"text","delta":"Café"}', '{"type":"done"}']);
  });

  it('reads a last line that has no line ending', async () => {
    const seen: string[] = [];
    await readSseData(bodyOf([new TextEncoder().encode('data: {"a":1}')]), (d) => seen.push(d));
    expect(seen).toEqual(['{"a":1}']);
  });
});
