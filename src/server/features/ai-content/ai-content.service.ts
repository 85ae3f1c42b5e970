import { resolveBusinessName } from '#shared/business-name.ts';
import type { z } from 'zod';
import {
  OFFLINE_LANGUAGES,
  composePostText,
  generateInputSchema,
  historyQuerySchema,
  saveVariantInputSchema,
  HISTORY_PAGE_SIZE,
  type AiStatus,
  type Allowance,
  type GenerateInput,
  type GenerateOptions,
  type Generation,
  type HistoryPage,
  type HistoryQuery,
  type SaveVariantInput,
  type SaveVariantResult,
  type StreamEvent,
  type Variant,
} from '#shared/contracts/ai-content.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { AppError, isAppError, type AppErrorRecord } from '#shared/errors/index.ts';
import { can } from '#shared/permissions.ts';
import { hasFeature } from '#shared/plans.ts';
import { checkTextLimits, describeLimitProblem, limitsFor } from '#shared/platform-limits.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import * as calendar from '../calendar/calendar.service.ts';
import { eventOf, savePost } from '../posts/index.ts';
import { isUuid, scopeForTenant } from '../profile/user-id.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';
import {
  describeEntitlements,
  entitlementsOf,
  grants,
  limitsOf,
} from '../subscription/entitlements.ts';
import { generatorFor, type TextGenerator } from './ai-provider.ts';
import { bestTimesFor } from './best-times.ts';
import { analyticsSlots } from '../analytics/index.ts';
import { fitToLimits } from './fit-to-limits.ts';
import { hashtagPool, type BusinessVoice } from './offline-generator.ts';
import * as repo from './ai-content.repository.ts';

// AI content use cases: generate variants (streamed or whole), the history of prompts, and
// saving a variant to the calendar as an `ai_generated` post through the posts feature's one
// save (docs/decisions/087): scheduling one needs an account to publish to, like any post.
// Generations are counted against the plan's monthly allowance before the provider is called;
// variants that are not delivered are given back.

// ---------------------------------------------------------------------------------------------
// Allowance

export function periodOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

function resetsAt(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

function allowanceOf(used: number, limit: number, now: Date): Allowance {
  return {
    used,
    limit,
    remaining: Math.max(0, limit - used),
    period: periodOf(now),
    resets_at: resetsAt(now),
  };
}

/**
 * docs/product/roles-and-plans.md#features-by-plan: AI content needs a plan other than free, and
 * an active subscription.
 */
async function requireAiPlan(tx: Tx, tenantId: string): Promise<number> {
  const plan = await entitlementsOf(tx, tenantId);
  if (grants(plan, 'ai-content')) return limitsOf(plan).aiGenerationsPerMonth;
  throw AppError.from('FEATURE_NOT_AVAILABLE', {
    technicalMessage: `ai-content is not in ${tenantId}'s plan (${describeEntitlements(plan)})`,
    details: { feature: 'ai-content' },
  });
}

export function providerFor(ctx: ServiceContext): TextGenerator {
  return generatorFor(ctx.deps.env);
}

export async function getStatus(ctx: ServiceContext): Promise<AiStatus> {
  requireAccess(ctx.actor, 'read:calendar');
  const tenantId = ctx.actor.tenantId;
  const now = new Date();
  const allowance = await withTenant(
    ctx.deps.database,
    scopeForTenant(ctx.actor, tenantId),
    async (tx) => {
      const plan = await entitlementsOf(tx, tenantId);
      // The allowance shows what the plan includes, also while the subscription is inactive.
      const limit = hasFeature(plan.plan, plan.addons, 'ai-content')
        ? limitsOf(plan).aiGenerationsPerMonth
        : 0;
      return allowanceOf(await repo.usedInPeriod(tx, tenantId, periodOf(now)), limit, now);
    },
  );
  return {
    provider: providerFor(ctx).info,
    allowance,
    offline_languages: [...OFFLINE_LANGUAGES],
    can: { generate: can(ctx.actor, 'create:post'), schedule: can(ctx.actor, 'schedule:post') },
  };
}

// ---------------------------------------------------------------------------------------------
// Generation

export type EmitEvent = (event: StreamEvent) => void | Promise<void>;

export interface GenerateRun {
  /** Text as it is written (true), or each variant whole (false: the JSON route). */
  streaming: boolean;
  /** The browser went away: stop writing, keep what was delivered. */
  signal: AbortSignal;
  emit: EmitEvent;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

function publicError(record: AppErrorRecord) {
  return {
    code: record.code,
    message: record.userMessage,
    retryable: record.retryable,
    correlationId: record.correlationId,
    ...(record.details ? { details: record.details } : {}),
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * Checks, counts and records a generation, then writes its variants one after the other (a
 * local model serves one request at a time, and a rate-limited key is not hit n times at once).
 * Problems found before anything is counted throw; problems after `start` are `error` events.
 */
export async function generate(
  ctx: ServiceContext,
  input: GenerateInput,
  run: GenerateRun,
): Promise<Generation> {
  requireAccess(ctx.actor, 'create:post');
  const options = parse(generateInputSchema, input);
  const generator = providerFor(ctx);
  if (generator.info.kind === 'offline' && !OFFLINE_LANGUAGES.includes(options.language)) {
    throw validationError(
      { language: 'The offline generator writes in English only' },
      `offline generator asked for ${options.language}`,
    );
  }
  const tenantId = ctx.actor.tenantId;
  const scope = scopeForTenant(ctx.actor, tenantId);
  const now = new Date();
  const period = periodOf(now);
  const n = options.variants;

  const { generation, profile, used, limit } = await withTenant(
    ctx.deps.database,
    scope,
    async (tx) => {
      const limit = await requireAiPlan(tx, tenantId);
      const used = await repo.reserveGenerations(tx, tenantId, period, n, limit, now);
      if (used === null) {
        const current = await repo.usedInPeriod(tx, tenantId, period);
        throw AppError.from('BUSINESS_RULE_VIOLATION', {
          technicalMessage: `AI allowance: ${current} of ${limit} used in ${period}, ${n} asked`,
          details: { reason: 'ai_allowance', allowance: allowanceOf(current, limit, now) },
        });
      }
      const profile = await findBusinessProfile(tx, tenantId);
      const { prompt, ...rest } = options;
      const generation = await repo.insertGeneration(tx, {
        userId: tenantId,
        createdBy: ctx.actor.userId,
        prompt,
        options: rest,
        providerKind: generator.info.kind,
        providerLabel: generator.info.label,
        // Until the variants are written; a crash in between leaves an honest record.
        status: 'failed',
        variants: [],
        createdAt: now,
      });
      return { generation, profile, used, limit };
    },
  );

  const voice: BusinessVoice = {
    businessName: resolveBusinessName(profile ?? {}),
    industry: profile?.industry ?? null,
    brandVoice: profile?.brand_voice ?? null,
    targetAudience: profile?.target_audience ?? null,
    website: profile?.website ?? null,
    description: profile?.description ?? null,
  };

  await run.emit({
    type: 'start',
    generation_id: generation.id,
    provider: generator.info,
    variants: n,
    allowance: allowanceOf(used, limit, now),
  });

  const variants: Variant[] = [];
  let firstError: AppError | null = null;
  let unexpected: unknown = null;
  try {
    const bestTimes = await bestTimesOf(ctx, options, profile, now);
    for (let index = 0; index < n && !run.signal.aborted; index++) {
      const request = {
        voice,
        options,
        seed: `${generation.id}:${index}`,
        signal: run.signal,
      };
      let text = '';
      try {
        if (run.streaming) {
          for await (const delta of generator.stream(request)) {
            if (run.signal.aborted) break;
            text += delta;
            await run.emit({ type: 'delta', index, text: delta });
          }
        } else {
          text = await generator.generate(request);
        }
      } catch (error) {
        if (run.signal.aborted || isAbort(error)) break;
        const appError = isAppError(error)
          ? error
          : AppError.from('SERVER_ERROR', {
              technicalMessage: 'AI generation failed',
              cause: error,
            });
        ctx.deps.logger.warn(
          { err: error, code: appError.record.code, generationId: generation.id, index },
          'AI variant failed',
        );
        firstError ??= appError;
        await run.emit({ type: 'error', index, error: publicError(appError.record) });
        // The next variants would meet the same refusal (key, model, rate limit): stop here.
        break;
      }
      if (run.signal.aborted) break;
      const fitted = fitToLimits(text, options);
      if (fitted.caption === '') {
        const empty = AppError.from('SERVER_ERROR', {
          technicalMessage: `AI provider returned no caption for variant ${index}`,
        });
        firstError ??= empty;
        await run.emit({ type: 'error', index, error: publicError(empty.record) });
        continue;
      }
      const variant: Variant = {
        index,
        caption: fitted.caption,
        hashtags: fitted.hashtags,
        suggested_hashtags: suggestionsFor(voice, options, fitted.hashtags),
        adjustments: fitted.adjustments,
        best_times: bestTimes,
        event_id: null,
      };
      // Stored before it is shown: a variant the page has seen (and the allowance has paid for)
      // is in the history even if the browser reloads or the process stops before the end
      // (docs/decisions/064).
      await withTenant(ctx.deps.database, scope, (tx) =>
        repo.appendVariant(tx, tenantId, generation.id, variant),
      );
      variants.push(variant);
      await run.emit({ type: 'variant', variant });
    }
  } catch (error) {
    unexpected = error;
  }

  // Whatever happened, the record and the count are settled.
  const undelivered = n - variants.length;
  const status: Generation['status'] =
    variants.length === n ? 'completed' : variants.length > 0 ? 'partial' : 'failed';
  const settled = await withTenant(ctx.deps.database, scope, async (tx) => {
    // The variants are stored already, one by one; a save made meanwhile keeps its event.
    const finished = await repo.settleGeneration(tx, tenantId, generation.id, status);
    const usedNow =
      undelivered > 0
        ? await repo.releaseGenerations(tx, tenantId, period, undelivered, new Date())
        : await repo.usedInPeriod(tx, tenantId, period);
    return { finished: finished!, usedNow };
  });
  if (unexpected !== null) {
    if (!run.streaming) throw unexpected;
    const appError = isAppError(unexpected)
      ? unexpected
      : AppError.from('SERVER_ERROR', {
          technicalMessage: 'AI generation failed',
          cause: unexpected,
        });
    ctx.deps.logger.error({ err: unexpected, generationId: generation.id }, 'AI generation failed');
    if (!run.signal.aborted) {
      await run.emit({ type: 'error', index: null, error: publicError(appError.record) });
    }
  }
  if (!run.signal.aborted) {
    await run.emit({
      type: 'done',
      generation: settled.finished,
      allowance: allowanceOf(settled.usedNow, limit, now),
    });
  }
  if (variants.length === 0 && firstError && !run.streaming) throw firstError;
  return settled.finished;
}

function suggestionsFor(voice: BusinessVoice, options: GenerateOptions, used: string[]): string[] {
  const taken = new Set(used.map((t) => t.toLowerCase()));
  return hashtagPoolFor(voice, options)
    .filter((t) => !taken.has(t.toLowerCase()))
    .slice(0, 10);
}

function hashtagPoolFor(voice: BusinessVoice, options: GenerateOptions): string[] {
  return hashtagPool(voice, options.prompt);
}

async function bestTimesOf(
  ctx: ServiceContext,
  options: GenerateOptions,
  profile: Awaited<ReturnType<typeof findBusinessProfile>>,
  now: Date,
) {
  const published = await calendar.listEvents(ctx, ctx.actor.tenantId, {
    platforms: [options.platform],
    status: 'published',
    limit: 500,
  });
  return bestTimesFor({
    platform: options.platform,
    timeZone: profile?.time_zone ?? 'UTC',
    publishedAt: published
      .map((e) => (e.scheduled_for ? new Date(e.scheduled_for) : null))
      .filter((d): d is Date => d !== null),
    postingHours: profile?.posting_hours ?? [],
    now,
    analytics: await analyticsSlots(ctx.deps, ctx.actor, options.platform, now),
  });
}

// ---------------------------------------------------------------------------------------------
// History and saving

export async function listHistory(ctx: ServiceContext, query: HistoryQuery): Promise<HistoryPage> {
  requireAccess(ctx.actor, 'read:calendar');
  const page = parse(historyQuerySchema, query);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, scopeForTenant(ctx.actor, tenantId), (tx) =>
    repo.listGenerations(tx, tenantId, {
      q: page.q || undefined,
      limit: page.limit ?? HISTORY_PAGE_SIZE,
      offset: page.offset ?? 0,
    }),
  );
}

export async function getGeneration(ctx: ServiceContext, id: string): Promise<Generation> {
  requireAccess(ctx.actor, 'read:calendar');
  if (!isUuid(id)) notFound(id);
  const tenantId = ctx.actor.tenantId;
  const found = await withTenant(ctx.deps.database, scopeForTenant(ctx.actor, tenantId), (tx) =>
    repo.findGeneration(tx, tenantId, id),
  );
  return found ?? notFound(id);
}

function titleOf(caption: string): string {
  const firstLine = caption.split('\n').find((l) => l.trim() !== '') ?? caption;
  const clean = firstLine.trim();
  if (clean.length <= 80) return clean;
  const cut = clean.slice(0, 79);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Saves a variant (as the user edited it) to the calendar as an `ai_generated` post, a draft or
 * scheduled. Saving the same variant again changes its post rather than adding a second one.
 * Scheduling is refused while the post has no account to publish to: the web saves a draft and
 * schedules it in the composer, through /api/posts (docs/decisions/087).
 */
export async function saveVariant(
  ctx: ServiceContext,
  generationId: string,
  index: number,
  input: SaveVariantInput,
): Promise<SaveVariantResult> {
  requireAccess(ctx.actor, 'create:post');
  const body = parse(saveVariantInputSchema, input);
  if (body.status === 'scheduled') requireAccess(ctx.actor, 'schedule:post');
  const generation = await getGeneration(ctx, generationId);
  const variant = generation.variants.find((v) => v.index === index) ?? notFound(generationId);

  const content = composePostText(body.caption, body.hashtags);
  const problems = checkTextLimits(
    content,
    limitsFor(generation.options.platform, generation.options.format),
  );
  if (problems.length > 0) {
    throw validationError(
      { caption: problems.map(describeLimitProblem).join('. ') },
      `variant ${index} of ${generationId} breaks the platform limits`,
    );
  }

  const post = {
    title: body.title ?? titleOf(body.caption),
    content,
    platforms: [generation.options.platform],
    type: 'ai_generated' as const,
    // A draft keeps the time it is given (the web's "Schedule" saves one and opens it in the
    // composer to choose its accounts); left out, the time it has stays.
    scheduled_for: body.status === 'scheduled' ? (body.scheduled_for ?? null) : body.scheduled_for,
  };
  const intent = body.status === 'scheduled' ? 'schedule' : 'draft';
  const tenantId = ctx.actor.tenantId;
  let event: CalendarEvent;
  try {
    // A variant saved before keeps its post (and the accounts chosen for it since).
    const saved = variant.event_id
      ? await savePost(ctx, { postId: variant.event_id, post, intent }).catch((error: unknown) => {
          // The earlier post was deleted from the calendar: save a new one.
          if (isAppError(error) && error.record.code === 'NOT_FOUND') {
            return savePost(ctx, { post, intent });
          }
          throw error;
        })
      : await savePost(ctx, { post, intent });
    event = eventOf(saved);
  } catch (error) {
    if (isAppError(error)) throw error;
    throw AppError.from(
      body.status === 'scheduled' ? 'CONTENT_SCHEDULE_ERROR' : 'CONTENT_DRAFT_SAVE_ERROR',
      { technicalMessage: 'Saving an AI variant to the calendar failed', cause: error },
    );
  }

  const updated = await withTenant(
    ctx.deps.database,
    scopeForTenant(ctx.actor, tenantId),
    async (tx) => {
      const current = (await repo.findGenerationForUpdate(tx, tenantId, generationId))!;
      const variants = current.variants.map((v) =>
        v.index === index ? { ...v, event_id: event.id } : v,
      );
      return repo.finishGeneration(tx, tenantId, generationId, variants, current.status);
    },
  );
  return { event, generation: updated ?? generation };
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible AI generation ${id}` });
}
