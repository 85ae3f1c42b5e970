import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type {
  GenerateOptions,
  SaveVariantInput,
  StreamError,
} from '#shared/contracts/ai-content.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { reportError, userMessageOf } from '../../../lib/errors.ts';
import { useGenerateContent, useSaveVariant } from '../api/ai-content-api.ts';
import { initialState, reducer } from './generation-state.ts';

function streamErrorOf(error: unknown): StreamError {
  if (error instanceof AppError) {
    return {
      code: error.record.code,
      message: error.record.userMessage,
      retryable: error.record.retryable,
      correlationId: error.record.correlationId,
    };
  }
  return {
    code: 'INTERNAL_ERROR',
    message: userMessageOf(error),
    retryable: true,
    correlationId: '',
  };
}

/**
 * The workspace's generations: all variants at once or one again, streamed into their slots (a
 * new run stops the one before), and each variant saved to the calendar. `onStart` hears of each
 * run of all variants before it begins.
 */
export function useGeneration(onStart: (options: GenerateOptions) => void) {
  const { mutateAsync: stream } = useGenerateContent();
  const save = useSaveVariant();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [state, dispatch] = useReducer(reducer, initialState);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const run = useCallback(
    async (options: GenerateOptions, target: number | 'all') => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setServerErrors({});
      if (target === 'all') onStart(options);
      dispatch({ type: 'begin', target });
      try {
        await stream({
          options: target === 'all' ? options : { ...options, variants: 1 },
          onEvent: (event) => dispatch({ type: 'event', target, event }),
          signal: controller.signal,
        });
        dispatch({ type: 'finish' });
      } catch (error) {
        if (controller.signal.aborted) return;
        setServerErrors(fieldErrorsOf(error));
        dispatch({ type: 'fail', target, error: streamErrorOf(error) });
      }
    },
    [stream, onStart],
  );

  const onSave = useCallback(
    async (slotIndex: number, body: SaveVariantInput): Promise<CalendarEvent | null> => {
      const slot = state.slots[slotIndex];
      if (!slot?.generationId) return null;
      try {
        const result = await save.mutateAsync({
          generationId: slot.generationId,
          index: slot.index,
          body,
        });
        dispatch({ type: 'saved', slot: slotIndex, event: result.event });
        return result.event;
      } catch (error) {
        // Field problems are shown on the card; anything else also gets the usual toast.
        if (Object.keys(fieldErrorsOf(error)).length === 0) reportError(error);
        throw error;
      }
    },
    [save, state.slots],
  );

  return { state, dispatch, serverErrors, setServerErrors, run, onSave };
}
