import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  AiLanguage,
  GenerateOptions,
  Generation,
} from '#shared/contracts/ai-content.contract.ts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadError } from '../../../components/ui/query-status.tsx';
import { useAuth } from '../../auth/index.ts';
import { useAiGeneratedPosts } from '../../posts/index.ts';
import { FeatureGate } from '../../subscription/index.ts';
import { useAiStatus } from '../api/ai-content-api.ts';
import { AllowanceMeter, ProviderBadge } from '../components/ai-status.tsx';
import { DEFAULT_OPTIONS, GenerateForm } from '../components/generate-form.tsx';
import { GenerationResults } from '../components/generation-results.tsx';
import { AiCalendarContent, PromptHistory } from '../components/history-panel.tsx';
import type { Shown } from '../components/results-heading.tsx';
import type { Slot } from '../lib/generation-state.ts';
import { resultsKey, resultsOf, type OpenedResults } from '../lib/results-storage.ts';
import { useGeneration } from '../lib/use-generation.ts';
import { useRememberedResults } from '../lib/use-remembered-results.ts';

function AiContentWorkspace() {
  const auth = useAuth();
  const status = useAiStatus();
  const calendarContent = useAiGeneratedPosts();
  const [values, setValues] = useState<GenerateOptions>({ ...DEFAULT_OPTIONS, prompt: '' });
  const [used, setUsed] = useState<GenerateOptions | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const promptCard = useRef<HTMLDivElement>(null);
  const results = useRef<HTMLElement>(null);

  const onStart = useCallback((options: GenerateOptions) => {
    setUsed(options);
    setShown({ prompt: options.prompt, options, createdAt: new Date().toISOString() });
    // One column on small screens: bring the results into view as they start to arrive.
    if (window.matchMedia?.('(max-width: 1023px)').matches) {
      results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, []);
  const { state, dispatch, serverErrors, setServerErrors, run, onSave } = useGeneration(onStart);
  const current = useRef(state);
  useEffect(() => {
    current.current = state;
  }, [state]);

  const show = useCallback(
    (opened: OpenedResults) => {
      const { generation } = opened;
      dispatch({ type: 'open', items: opened.items });
      setUsed({ ...generation.options, prompt: generation.prompt });
      setShown({
        prompt: generation.prompt,
        options: { ...generation.options, prompt: generation.prompt },
        createdAt: generation.created_at,
      });
    },
    [dispatch],
  );

  const userId = auth.user?.id ?? null;
  const storageKey = userId ? resultsKey(userId, auth.businessProfile?.user_id ?? userId) : null;
  const { restoring } = useRememberedResults(
    storageKey,
    state.slots,
    useCallback(
      (opened: OpenedResults) => {
        // A generation started meanwhile wins over what was on screen before.
        const now = current.current;
        if (now.slots.length === 0 && !now.running) show(opened);
      },
      [show],
    ),
  );

  function open(generation: Generation) {
    if (state.running) return;
    setServerErrors({});
    show(resultsOf(generation));
    results.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }

  function reuse(generation: Generation) {
    setValues({ ...generation.options, prompt: generation.prompt });
    setServerErrors({});
    promptCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    promptCard.current?.querySelector('textarea')?.focus({ preventScroll: true });
  }

  const info = status.data;
  const canGenerate = info?.can.generate ?? true;
  const exhausted = info ? info.allowance.remaining === 0 : false;
  const languages =
    info?.provider.kind === 'offline' ? (info.offline_languages as AiLanguage[]) : null;
  const shownIds = new Set(state.slots.map((s) => s.generationId).filter((id) => id !== null));
  // A variant saved before (on another visit) shows its calendar event, when the list has it; the
  // list's copy is the newer one (scheduled since in the composer, say).
  const eventOf = (slot: Slot) => {
    const id = slot.event?.id ?? slot.variant?.event_id;
    return (id ? calendarContent.data?.find((e) => e.id === id) : undefined) ?? slot.event ?? null;
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="AI Content"
        description="Captions, hashtags and post ideas written in your business's own voice."
        actions={<ProviderBadge status={info} />}
      />

      {status.isError ? (
        <LoadError
          title="AI content could not be loaded"
          error={status.error}
          retrying={status.isFetching}
          onRetry={status.refetch}
        />
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        {/* On phones the results come straight after the form, before the history. */}
        <div className="contents lg:grid lg:gap-6">
          <div className="order-1 scroll-mt-20 lg:order-none" ref={promptCard}>
            <Card>
              <CardHeader>
                <CardTitle>Write a post</CardTitle>
                <CardDescription>
                  {info?.provider.kind === 'offline'
                    ? 'Using the built-in offline generator: captions from your business profile, your prompt and templates.'
                    : info
                      ? `Written by ${info.provider.label}.`
                      : 'Loading…'}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-6">
                <AllowanceMeter status={info} />
                <GenerateForm
                  values={values}
                  onChange={setValues}
                  onSubmit={(options) => void run(options, 'all')}
                  running={state.running}
                  disabled={!canGenerate || exhausted}
                  disabledReason={
                    !canGenerate
                      ? 'Your role can read AI content but not create it.'
                      : exhausted
                        ? 'You have used this month’s generations.'
                        : undefined
                  }
                  languages={languages}
                  serverErrors={serverErrors}
                />
              </CardContent>
            </Card>
          </div>
          <div className="order-3 lg:order-none">
            <PromptHistory onReuse={reuse} onOpen={open} shownIds={shownIds} busy={state.running} />
          </div>
        </div>

        <div className="order-2 grid gap-4 lg:order-none">
          <GenerationResults
            sectionRef={results}
            state={state}
            dispatch={dispatch}
            used={used}
            shown={shown}
            restoring={restoring}
            info={info}
            canGenerate={canGenerate}
            eventOf={eventOf}
            run={run}
            onSave={onSave}
          />
          <AiCalendarContent />
        </div>
      </div>
    </div>
  );
}

export default function AiContentPage() {
  return (
    <FeatureGate feature="ai-content" areaLabel="AI Content">
      <AiContentWorkspace />
    </FeatureGate>
  );
}
