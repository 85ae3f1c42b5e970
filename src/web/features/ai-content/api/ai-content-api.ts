import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  aiContentRoutes,
  streamEventSchema,
  type AiStatus,
  type GenerateInput,
  type HistoryPage,
  type SaveVariantInput,
  type SaveVariantResult,
  type StreamEvent,
} from '#shared/contracts/ai-content.contract.ts';
import { calendarRoutes, type CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { AppError, appErrorFromResponse, isErrorResponse } from '#shared/errors/index.ts';
import { api, recordError } from '../../../lib/api-client.ts';

export const aiContentKeys = {
  all: ['ai-content'] as const,
  status: () => ['ai-content', 'status'] as const,
  history: (q: string, limit: number) => ['ai-content', 'history', q, limit] as const,
  calendarList: () => ['calendar-events', 'ai-content'] as const,
};

export function useAiStatus() {
  return useQuery({
    queryKey: aiContentKeys.status(),
    queryFn: ({ signal }) => api.get<AiStatus>(aiContentRoutes.status, { signal }),
    meta: { handlesErrors: true },
  });
}

export function useAiHistory(q: string, limit: number) {
  return useQuery({
    queryKey: aiContentKeys.history(q, limit),
    queryFn: ({ signal }) =>
      api.get<HistoryPage>(aiContentRoutes.generations, {
        query: { q: q || undefined, limit },
        signal,
      }),
    placeholderData: (previous) => previous,
    meta: { handlesErrors: true },
  });
}

/** Seed §7 "AI content": the calendar's events of type ai_generated. */
export function useAiCalendarContent() {
  return useQuery({
    queryKey: aiContentKeys.calendarList(),
    queryFn: ({ signal }) =>
      api.get<CalendarEvent[]>(calendarRoutes.aiContent, { query: { limit: 50 }, signal }),
    meta: { handlesErrors: true },
  });
}

export function useSaveVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { generationId: string; index: number; body: SaveVariantInput }) =>
      api.post<SaveVariantResult>(
        aiContentRoutes.saveVariant(input.generationId, input.index),
        input.body,
      ),
    meta: { handlesErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: aiContentKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['calendar-events'] });
    },
  });
}

/**
 * Starts a generation and calls `onEvent` for each line of the NDJSON answer as it arrives.
 * Refusals before the first event (input, plan, allowance) reject with the AppError of the
 * envelope, like every other call; a broken connection rejects with NETWORK_ERROR.
 */
export async function streamGeneration(
  input: GenerateInput,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const context = { method: 'POST', path: aiContentRoutes.stream };
  let response: Response;
  try {
    response = await fetch(aiContentRoutes.stream, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: JSON.stringify(input),
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw logged(
      AppError.from('NETWORK_ERROR', {
        technicalMessage: `Generation could not be sent: ${String(cause)}`,
        component: 'ai-content',
        context,
        cause,
      }),
    );
  }

  if (!response.ok || !response.body) {
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    throw logged(
      isErrorResponse(parsed)
        ? appErrorFromResponse(parsed, response.status)
        : AppError.from(response.status >= 500 ? 'SERVER_ERROR' : 'NETWORK_ERROR', {
            technicalMessage: `Generation answered HTTP ${response.status}`,
            component: 'ai-content',
            context: { ...context, status: response.status },
          }),
    );
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) onEvent(streamEventSchema.parse(JSON.parse(line)));
        newline = buffer.indexOf('\n');
      }
    }
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw logged(
      AppError.from('NETWORK_ERROR', {
        technicalMessage: `The generation stream broke off: ${String(cause)}`,
        component: 'ai-content',
        context,
        cause,
      }),
    );
  }
  if (buffer.trim()) onEvent(streamEventSchema.parse(JSON.parse(buffer)));
}

function logged(error: AppError): AppError {
  recordError(error.record);
  return error;
}
