/**
 * Reads a text/event-stream body and calls `onData` with the text of each `data:` line as it
 * arrives (the engine room sends one JSON event per line; engine-room.contract.ts). Comments,
 * `event:` and `id:` lines are skipped. Pieces split anywhere, even inside a character, are joined
 * first, as the AI content stream does with its lines.
 */
export async function readSseData(
  body: ReadableStream<Uint8Array>,
  onData: (data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const flushLine = (raw: string) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).replace(/^ /, '');
    if (data !== '') onData(data);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      flushLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  }
  buffer += decoder.decode();
  if (buffer) flushLine(buffer);
}
