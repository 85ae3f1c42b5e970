import { accountLabel } from '#shared/account-label.ts';
import { resolveBusinessName } from '#shared/business-name.ts';
import {
  CAMPAIGN_LIMITS,
  campaignBriefSchema,
  type CampaignBrief,
  type LaunchProblem,
  type PlannedPost,
} from '#shared/contracts/campaign-plan.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { createChatClient, type ChatClient } from '#server/integrations/ai/chat-client.ts';
import type { BusinessVoice } from '../ai-content/offline-generator.ts';
import { listConnections } from '../platforms/platforms.repository.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';
import { describeEntitlements, entitlementsOf, grants } from '../subscription/entitlements.ts';
import { knownTimeZone } from '../queue/wall-clock.ts';
import { planWithAi, type PlanOutcome } from './ai-planner.ts';
import {
  ARC,
  planOffline,
  shortHash,
  stagesOf,
  writePost,
  type PlanAccount,
} from './offline-planner.ts';
import { formatsFor } from './plan-rules.ts';
import { campaignDays, planSlots, type PlannedSlot, type PostingHour } from './plan-slots.ts';

// A campaign's plan from its brief (docs/product/screens.md#campaigns: goal and audience →
// dates, platforms and cadence → a generated plan of posts the user can edit). One read of the
// business (profile, accounts, posting hours, plan), the times from the cadence, then the posts
// from the AI provider when one is configured (checked, ai-planner.ts) or offline. Nothing is
// written: the plan is the wizard's until launch.

export const NO_PROVIDER_NOTICE = 'No AI provider is configured; this plan was made offline.';

/** The most posts one plan of this business may hold. The plan catalogue sets no campaign limit. */
export function maxPlannedPosts(): number {
  return CAMPAIGN_LIMITS.maxPosts;
}

export interface PlanOptions {
  /** The provider to ask; by default the one configured (AI_BASE_URL, AI_MODEL), or none. */
  client?: ChatClient | null;
  signal?: AbortSignal;
}

export type PlanResult = PlanOutcome;

interface Business {
  voice: BusinessVoice;
  timeZone: string;
  postingHours: PostingHour[];
  accounts: PlanAccount[];
  problems: LaunchProblem[];
}

export function chatClientFromEnv(env: AppDeps['env']): ChatClient | null {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  return createChatClient({
    baseUrl: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
  });
}

function parseBrief(input: unknown): CampaignBrief {
  const parsed = campaignBriefSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  const brief = parsed.data;
  const days = campaignDays(brief.startsOn, brief.endsOn);
  if (days < 1) {
    throw validationError({ endsOn: 'The campaign ends before it starts' });
  }
  if (days > CAMPAIGN_LIMITS.maxDays) {
    throw validationError({
      endsOn: `A campaign lasts at most ${CAMPAIGN_LIMITS.maxDays} days`,
    });
  }
  return brief;
}

const UNHEALTHY = new Set(['expired', 'revoked', 'permission_missing']);

/** The business as the plan needs it, in one read; refuses accounts that are not connected. */
async function readBusiness(
  deps: Pick<AppDeps, 'database'>,
  tenantId: string,
  brief: CampaignBrief,
): Promise<Business> {
  const { profile, connections } = await withTenant(
    deps.database,
    businessScope(tenantId),
    async (tx) => {
      const plan = await entitlementsOf(tx, tenantId);
      if (!grants(plan, 'campaigns')) {
        throw AppError.from('FEATURE_NOT_AVAILABLE', {
          technicalMessage: `campaigns are not in ${tenantId}'s plan (${describeEntitlements(plan)})`,
          details: { feature: 'campaigns' },
        });
      }
      return {
        profile: await findBusinessProfile(tx, tenantId),
        connections: await listConnections(tx, tenantId),
      };
    },
  );
  const fieldErrors: Record<string, string> = {};
  const accounts: PlanAccount[] = [];
  const problems: LaunchProblem[] = [];
  [...new Set(brief.connectionIds)].forEach((id, i) => {
    const connection = connections.find((c) => c.id === id && c.status === 'connected');
    if (!connection) {
      fieldErrors[`connectionIds.${i}`] = 'This account is not connected';
      return;
    }
    const account = { id, platform: connection.platform, name: accountLabel(connection) };
    accounts.push(account);
    if (UNHEALTHY.has(connection.health)) {
      problems.push({
        postKey: null,
        field: `connectionIds.${i}`,
        connectionId: id,
        account: account.name,
        rule: 'account_needs_reconnecting',
        message: `Reconnect ${account.name} before launch: its connection needs attention`,
      });
    }
    if (formatsFor(account.platform, brief.formats).length === 0) {
      problems.push({
        postKey: null,
        field: 'formats',
        connectionId: id,
        account: account.name,
        rule: 'format_not_available',
        message: `${account.name} gets no posts: stories are published to Instagram accounts only, choose Post too`,
      });
    }
  });
  if (Object.keys(fieldErrors).length > 0) {
    throw validationError(
      fieldErrors,
      `campaign brief names accounts not connected to ${tenantId}`,
    );
  }
  return {
    voice: {
      businessName: resolveBusinessName(profile ?? {}),
      industry: profile?.industry ?? null,
      brandVoice: profile?.brand_voice ?? null,
      targetAudience: profile?.target_audience ?? null,
      website: profile?.website ?? null,
      description: profile?.description ?? null,
    },
    timeZone: knownTimeZone(profile?.time_zone),
    postingHours: profile?.posting_hours ?? [],
    accounts,
    problems,
  };
}

function slotsOf(brief: CampaignBrief, business: Business, now: Date) {
  return planSlots({
    cadence: brief.cadence,
    startsOn: brief.startsOn,
    endsOn: brief.endsOn,
    connectionIds: business.accounts
      .filter((a) => formatsFor(a.platform, brief.formats).length > 0)
      .map((a) => a.id),
    timeZone: business.timeZone,
    postingHours: business.postingHours,
    now,
  });
}

/**
 * The plan of a brief: its posts (source 'ai' or 'offline'), what the person should know, and
 * what must be fixed before launch. Refuses a brief whose plan would hold more posts than
 * allowed, or none, as a VALIDATION_ERROR naming `cadence` or `endsOn`.
 */
export async function planCampaign(
  deps: Pick<AppDeps, 'database' | 'env'>,
  tenantId: string,
  briefInput: unknown,
  now: Date = new Date(),
  options: PlanOptions = {},
): Promise<PlanResult> {
  const brief = parseBrief(briefInput);
  const business = await readBusiness(deps, tenantId, brief);
  const { slots, notices } = slotsOf(brief, business, now);
  const max = maxPlannedPosts();
  if (slots.length > max) {
    throw validationError(
      {
        cadence: `This plan would hold ${slots.length} posts; a campaign holds at most ${max}. Post less often, choose fewer accounts or shorten the dates.`,
      },
      `campaign plan of ${slots.length} posts over the limit of ${max}`,
    );
  }
  if (slots.length === 0) {
    const takesAFormat = business.accounts.some(
      (a) => formatsFor(a.platform, brief.formats).length > 0,
    );
    throw validationError(
      takesAFormat
        ? {
            endsOn:
              'No posting time is left between these dates: choose later dates or other weekdays',
          }
        : { formats: 'Stories are published to Instagram accounts only: choose Post too' },
    );
  }
  const client = options.client === undefined ? chatClientFromEnv(deps.env) : options.client;
  const input = {
    brief,
    slots,
    accounts: business.accounts,
    voice: business.voice,
    timeZone: business.timeZone,
    now,
  };
  const outcome: PlanOutcome = client
    ? await planWithAi({ ...input, client, ...(options.signal ? { signal: options.signal } : {}) })
    : { posts: planOffline(input), source: 'offline', notices: [NO_PROVIDER_NOTICE], problems: [] };
  return {
    posts: outcome.posts,
    source: outcome.source,
    notices: [...notices, ...outcome.notices],
    problems: [...business.problems, ...outcome.problems],
  };
}

export interface RegeneratedPost {
  post: PlannedPost;
  source: 'ai' | 'offline';
  notices: string[];
  problems: LaunchProblem[];
}

/**
 * A new caption (with its hashtags and first comment) for one post of a plan: the same key,
 * account, time, format and media. From the AI provider when one is configured and its answer
 * passes the checks, otherwise offline with another seed.
 */
export async function regeneratePost(
  deps: Pick<AppDeps, 'database' | 'env'>,
  tenantId: string,
  briefInput: unknown,
  post: PlannedPost,
  now: Date = new Date(),
  options: PlanOptions = {},
): Promise<RegeneratedPost> {
  const brief = parseBrief(briefInput);
  const business = await readBusiness(deps, tenantId, brief);
  const account = business.accounts.find((a) => a.id === post.connectionId);
  if (!account) {
    throw validationError({ connectionId: 'This post’s account is not part of the campaign' });
  }
  const at = new Date(post.scheduledFor);
  const mine = slotsOf(brief, business, now).slots.filter((s) => s.connectionId === account.id);
  const index = mine.findIndex((s) => s.at.getTime() === at.getTime());
  const stage =
    index >= 0
      ? stagesOf(mine)[index]!
      : ARC[parseInt(shortHash(`${account.id}|${at.getTime()}`), 36) % ARC.length]!;
  const keep = (text: Pick<PlannedPost, 'caption' | 'hashtags' | 'firstComment'>) => ({
    ...post,
    caption: text.caption,
    hashtags: text.hashtags,
    firstComment: text.firstComment,
  });

  const notices: string[] = [];
  const client = options.client === undefined ? chatClientFromEnv(deps.env) : options.client;
  if (!client) notices.push(NO_PROVIDER_NOTICE);
  if (client && post.format !== 'story') {
    const slot: PlannedSlot = {
      connectionId: account.id,
      at,
      scheduledFor: post.scheduledFor,
      week: index >= 0 ? mine[index]!.week : 0,
    };
    const outcome = await planWithAi({
      client,
      brief: { ...brief, formats: [post.format] },
      slots: [slot],
      accounts: [account],
      voice: business.voice,
      timeZone: business.timeZone,
      now,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const written = outcome.posts[0];
    if (outcome.source === 'ai' && written && written.caption !== post.caption) {
      return {
        post: keep(written),
        source: 'ai',
        notices: outcome.notices,
        problems: outcome.problems,
      };
    }
    notices.push(...outcome.notices);
  }
  // Another seed until the caption is new (a story has none to change).
  const write = (attempt: number) =>
    writePost({
      brief,
      account,
      format: post.format,
      stage,
      voice: business.voice,
      seed: `${brief.name}|${account.id}|${at.getTime()}|again ${attempt}|${post.caption.length}`,
    });
  let written = write(1);
  for (let attempt = 2; attempt <= 5 && written.caption === post.caption; attempt++) {
    if (post.format === 'story') break;
    written = write(attempt);
  }
  return { post: keep(written), source: 'offline', notices, problems: [] };
}
