import { useCallback, useEffect, useRef, useState } from 'react';
import { emailApi, type EmailPreview, type PreviewInput } from './email-api.ts';

// The editor's live preview (POST …/emails/preview): the server renders the e-mail, merged for a
// sample contact, ~400 ms after the text stops changing; a newer text cancels the request still
// under way, so an older answer never replaces a newer one.

export const EMAIL_PREVIEW_DEBOUNCE_MS = 400;

export interface EmailPreviewState {
  data: EmailPreview | null;
  loading: boolean;
  error: unknown;
  retry(): void;
}

export function useEmailPreview(input: PreviewInput): EmailPreviewState {
  const [state, setState] = useState<Omit<EmailPreviewState, 'retry'>>({
    data: null,
    loading: false,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const body = JSON.stringify({
    subject: input.subject,
    preheader: input.preheader,
    body: input.body,
  });
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState((s) => ({ ...s, loading: true, error: null }));
      emailApi.preview(JSON.parse(body) as PreviewInput, controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ data, loading: false, error: null });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, error }));
        },
      );
    }, EMAIL_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body, attempt]);

  useEffect(() => () => running.current?.abort(), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
