// Server-sent events as OpenAI-compatible endpoints stream them: events separated by a blank
// line, each a `data:` payload (several `data:` lines join with newlines); comments (`:`) and
// other fields are skipped. Yields each event's data; the caller stops at `[DONE]`.

export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\n|\r/)) >= 0) {
        // A lone \r at the end may be the first half of \r\n: wait for the next piece.
        if (!done && buffer[newline] === '\r' && newline === buffer.length - 1) break;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
      }
      if (done) break;
    }
    if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
    if (data.length > 0) yield data.join('\n');
  } finally {
    // Also when the reader stops early: the rest of the answer is not wanted.
    await reader.cancel().catch(() => undefined);
  }
}
