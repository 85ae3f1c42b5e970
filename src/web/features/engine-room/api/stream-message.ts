import {
  engineStreamEventSchema,
  type EngineStreamEvent,
} from '#shared/contracts/engine-room.contract.ts';
import { AppError, appErrorFromResponse, isErrorResponse } from '#shared/errors/index.ts';
import { recordError } from '../../../lib/api-client.ts';
import { engineRoomPaths } from './paths.ts';
import { readSseData } from './sse-lines.ts';

function logged(error: AppError): AppError {
  recordError(error.record);
  return error;
}

/**
 * Sends a message and calls `onEvent` for each event of the streamed answer as it arrives
 * (engine-room.contract.ts: message, text, tool_call, done, error). A refusal before the stream
 * (input, permission, unknown session) rejects with the envelope's AppError, like every other call;
 * a broken connection rejects with NETWORK_ERROR; an abort rejects with the abort.
 */
export async function streamMessage(
  sessionId: string,
  content: string,
  onEvent: (event: EngineStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const path = engineRoomPaths.messages(sessionId);
  const context = { method: 'POST', path };
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ content }),
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw logged(
      AppError.from('NETWORK_ERROR', {
        technicalMessage: `The message could not be sent: ${String(cause)}`,
        component: 'engine-room',
        context,
        cause,
      }),
    );
  }

  const streamed = response.headers.get('Content-Type')?.includes('text/event-stream') ?? false;
  if (!response.ok || !response.body || !streamed) {
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    throw logged(
      isErrorResponse(parsed)
        ? appErrorFromResponse(parsed, response.status)
        : AppError.from(response.status >= 500 || response.ok ? 'SERVER_ERROR' : 'NETWORK_ERROR', {
            technicalMessage: `The message answered HTTP ${response.status} without a stream`,
            component: 'engine-room',
            context: { ...context, status: response.status },
          }),
    );
  }

  try {
    await readSseData(response.body, (data) =>
      onEvent(engineStreamEventSchema.parse(JSON.parse(data))),
    );
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw logged(
      AppError.from('NETWORK_ERROR', {
        technicalMessage: `The answer's stream broke off: ${String(cause)}`,
        component: 'engine-room',
        context,
        cause,
      }),
    );
  }
}
