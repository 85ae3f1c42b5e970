import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Bot, Cpu, RefreshCw, Sparkles } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  AiLanguage,
  AiStatus,
  GenerateOptions,
  Generation,
  SaveVariantInput,
  StreamError,
} from '#shared/contracts/ai-content.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { reportError, userMessageOf } from '../../../lib/errors.ts';
import { FeatureGate } from '../../subscription/components/feature-gate.tsx';
import {
  aiContentKeys,
  streamGeneration,
  useAiStatus,
  useSaveVariant,
} from '../api/ai-content-api.ts';
import { DEFAULT_OPTIONS, GenerateForm } from '../components/generate-form.tsx';
import { AiCalendarContent, PromptHistory } from '../components/history-panel.tsx';
import { VariantCard } from '../components/variant-card.tsx';
import { initialState, reducer } from '../lib/generation-state.ts';
import { LoadError } from '../../../components/ui/query-status.tsx';

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

function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long' }).format(
    new Date(iso),
  );
}

function ProviderBadge({ status }: { status: AiStatus | undefined }) {
  if (!status) return <Skeleton className="h-6 w-40" />;
  const offline = status.provider.kind === 'offline';
  return (
    <Badge variant={offline ? 'outline' : 'secondary'} className="gap-1.5 py-1">
      {offline ? (
        <Cpu aria-hidden className="size-3.5" />
      ) : (
        <Bot aria-hidden className="size-3.5" />
      )}
      <span>
        <span className="sr-only">Active AI provider: </span>
        {status.provider.label}
      </span>
    </Badge>
  );
}

function AllowanceMeter({ status }: { status: AiStatus | undefined }) {
  if (!status) return <Skeleton className="h-10 w-full" />;
  const { used, limit, remaining, resets_at } = status.allowance;
  const share = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-foreground">Generations this month</span>
        <span className="text-muted-foreground">
          <strong className="font-semibold text-foreground">{remaining}</strong> of {limit} left
        </span>
      </div>
      <div
        role="meter"
        aria-label="Generations used this month"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        aria-valuetext={`${used} of ${limit} used`}
        className="h-2 overflow-hidden rounded-full bg-secondary"
      >
        <div
          className={share >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
          style={{ width: `${share}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Each variant counts as one generation. Renews on {formatDay(resets_at)}.
      </p>
    </div>
  );
}

function AiContentWorkspace() {
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const save = useSaveVariant();
  const [values, setValues] = useState<GenerateOptions>({ ...DEFAULT_OPTIONS, prompt: '' });
  const [used, setUsed] = useState<GenerateOptions | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [state, dispatch] = useReducer(reducer, initialState);
  const abort = useRef<AbortController | null>(null);
  const promptCard = useRef<HTMLDivElement>(null);
  const results = useRef<HTMLElement>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const run = useCallback(
    async (options: GenerateOptions, target: number | 'all') => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setServerErrors({});
      if (target === 'all') {
        setUsed(options);
        // One column on small screens: bring the results into view as they start to arrive.
        if (window.matchMedia?.('(max-width: 1023px)').matches) {
          results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }
      }
      dispatch({ type: 'begin', target });
      try {
        await streamGeneration(
          target === 'all' ? options : { ...options, variants: 1 },
          (event) => dispatch({ type: 'event', target, event }),
          controller.signal,
        );
        dispatch({ type: 'finish' });
      } catch (error) {
        if (controller.signal.aborted) return;
        setServerErrors(fieldErrorsOf(error));
        dispatch({ type: 'fail', target, error: streamErrorOf(error) });
      } finally {
        void queryClient.invalidateQueries({ queryKey: aiContentKeys.status() });
        void queryClient.invalidateQueries({ queryKey: ['ai-content', 'history'] });
      }
    },
    [queryClient],
  );

  const onSave = useCallback(
    async (slotIndex: number, body: SaveVariantInput) => {
      const slot = state.slots[slotIndex];
      if (!slot?.generationId) return;
      try {
        const result = await save.mutateAsync({
          generationId: slot.generationId,
          index: slot.index,
          body,
        });
        dispatch({ type: 'saved', slot: slotIndex, event: result.event });
      } catch (error) {
        // Field problems are shown on the card; anything else also gets the usual toast.
        if (Object.keys(fieldErrorsOf(error)).length === 0) reportError(error);
        throw error;
      }
    },
    [save, state.slots],
  );

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
  const readySlots = state.slots.filter((s) => s.status === 'ready');
  const failedSlot = state.slots.find((s) => s.status === 'failed');
  const pageError =
    state.error ?? (!state.running && readySlots.length === 0 ? (failedSlot?.error ?? null) : null);
  const allowanceError = pageError?.code === 'BUSINESS_RULE_VIOLATION';

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
            <PromptHistory onReuse={reuse} />
          </div>
        </div>

        <div className="order-2 grid gap-4 lg:order-none">
          <section
            aria-labelledby="results-heading"
            className="grid scroll-mt-20 gap-4"
            ref={results}
          >
            <h2 id="results-heading" className="sr-only">
              Results
            </h2>
            {pageError ? (
              <Alert
                variant="destructive"
                title={allowanceError ? 'Not enough generations left' : 'Nothing was generated'}
              >
                <p>
                  {allowanceError && info
                    ? `You have ${info.allowance.remaining} of ${info.allowance.limit} generations left this month; ask for fewer variants, or wait until ${formatDay(info.allowance.resets_at)}.`
                    : pageError.message}
                </p>
                <p className="mt-1 text-xs">Your prompt and choices are kept.</p>
                {pageError.retryable && used ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="mt-2"
                    onClick={() => void run(used, 'all')}
                  >
                    <RefreshCw aria-hidden className="size-4" /> Try again
                  </Button>
                ) : null}
                {pageError.code === 'FEATURE_NOT_AVAILABLE' ? (
                  <Button asChild size="sm" className="mt-2">
                    <Link to="/dashboard/subscription">See plans</Link>
                  </Button>
                ) : null}
              </Alert>
            ) : null}

            {state.slots.length === 0 && !state.running && !pageError ? (
              <Card>
                <EmptyState
                  icon={Sparkles}
                  title="Your variants appear here"
                  description="Describe a post, pick the platform and tone, and generate. Each variant can be edited, saved as a draft or scheduled."
                />
              </Card>
            ) : null}

            {state.running && state.slots.length === 0 ? (
              <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Starting">
                <Skeleton className="h-5 w-32" />
                <Skeleton className="h-20 w-full" />
              </Card>
            ) : null}

            {used
              ? state.slots.map((slot, i) =>
                  // When nothing was written, the failure is said once, above.
                  pageError && readySlots.length === 0 && slot.status === 'failed' ? null : (
                    <VariantCard
                      key={`${slot.generationId ?? 'new'}-${i}`}
                      slot={slot}
                      position={i}
                      options={used}
                      busy={state.running}
                      canSave={canGenerate}
                      canSchedule={info?.can.schedule ?? false}
                      onEdit={(caption) => dispatch({ type: 'edit', slot: i, caption })}
                      onToggleTag={(tag) => dispatch({ type: 'toggle-tag', slot: i, tag })}
                      onRegenerate={() => void run(used, i)}
                      onSave={(body) => onSave(i, body)}
                    />
                  ),
                )
              : null}
          </section>
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
