import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  streamEventSchema,
  type AiStatus,
  type GenerateInput,
  type Generation,
  type HistoryPage,
  type SaveVariantInput,
  type SaveVariantResult,
  type StreamEvent,
} from '#shared/contracts/ai-content.contract.ts';
import { AppError, appErrorFromResponse, isErrorResponse } from '#shared/errors/index.ts';
import { api, recordError } from '../../../lib/api-client.ts';
import { aiContentPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';
import { useInvalidatePosts } from '../../posts/index.ts';

const routes = aiContentPaths;

// Keys carry the user id so one person's cached data is never shown to the next one.
export const aiContentKeys = {
  all: ['ai-content'] as const,
  status: (userId: string) => ['ai-content', userId, 'status'] as const,
  /** Every page and search of one person's history. */
  histories: (userId: string) => ['ai-content', userId, 'history'] as const,
  history: (userId: string, q: string, limit: number) =>
    ['ai-content', userId, 'history', q, limit] as const,
  /** The cards this browser remembered under `storageKey`, opened again. */
  remembered: (userId: string, storageKey: string) =>
    ['ai-content', userId, 'remembered', storageKey] as const,
};

export function useAiStatus() {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: aiContentKeys.status(userId),
    queryFn: ({ signal }) => api.get<AiStatus>(routes.status, { signal }),
    meta: { handlesErrors: true },
  });
}

export function useAiHistory(q: string, limit: number) {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: aiContentKeys.history(userId, q, limit),
    queryFn: ({ signal }) =>
      api.get<HistoryPage>(routes.generations, {
        query: { q: q || undefined, limit },
        signal,
      }),
    placeholderData: (previous) => previous,
    meta: { handlesErrors: true },
  });
}

/** One generation with its variants (to open it again). */
export function fetchGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  return api.get<Generation>(routes.generation(id), { signal });
}

/** The newest generations, newest first. */
export function fetchRecentGenerations(limit: number, signal?: AbortSignal): Promise<HistoryPage> {
  return api.get<HistoryPage>(routes.generations, { query: { limit }, signal });
}

export function useSaveVariant() {
  const queryClient = useQueryClient();
  const invalidatePosts = useInvalidatePosts();
  return useMutation({
    mutationFn: (input: { generationId: string; index: number; body: SaveVariantInput }) =>
      api.post<SaveVariantResult>(routes.saveVariant(input.generationId, input.index), input.body),
    meta: { handlesErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: aiContentKeys.all });
      invalidatePosts();
    },
  });
}

/**
 * A generation, streamed (see streamGeneration). Whatever its end, the allowance and the history
 * are read again.
 */
export function useGenerateContent() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation({
    mutationFn: (input: {
      options: GenerateInput;
      onEvent: (event: StreamEvent) => void;
      signal: AbortSignal;
    }) => streamGeneration(input.options, input.onEvent, input.signal),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: aiContentKeys.status(userId) });
      void queryClient.invalidateQueries({ queryKey: aiContentKeys.histories(userId) });
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
  const context = { method: 'POST', path: routes.stream };
  let response: Response;
  try {
    response = await fetch(routes.stream, {
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
