import type { z } from 'zod';
import type { PlannedPost } from '#shared/contracts/campaign-plan.contract.ts';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import type { planCampaignArgsSchema } from '#shared/contracts/engine-room.contract.ts';
import { tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { createCampaign, getCampaign, updateCampaign } from '../campaigns/drafts.ts';
import { planDraft } from '../campaigns/plan-ops.ts';
import * as repo from './engine-room.repository.ts';

import type { Outcome } from './tools.ts';

// The plan_campaign tool (tools.ts): a campaign draft made or replanned through the campaigns
// service (docs/decisions/095).

// ---------------------------------------------------------------------------------------------
// plan_campaign

/** Weekdays spread over the week for `perWeek` posts, and the times when more than one a day. */
function cadenceOf(perWeek: number) {
  const days = Math.min(7, perWeek);
  const order = [1, 3, 5, 2, 4, 6, 0];
  const weekdays = order.slice(0, days).sort((a, b) => a - b);
  const perDay = Math.ceil(perWeek / 7);
  const times = perDay > 1 ? ['09:00', '13:00', '18:00'].slice(0, perDay) : [];
  return { postsPerWeek: perWeek, weekdays, times };
}

function plannedOf(post: Campaign['posts'][number]): PlannedPost {
  return {
    key: post.key,
    scheduledFor: post.scheduledFor,
    connectionId: post.connectionId,
    format: post.format,
    caption: post.caption,
    hashtags: post.hashtags,
    firstComment: post.firstComment,
    media: post.media,
    mediaIds: post.mediaIds,
  };
}

export async function planCampaign(
  ctx: ServiceContext,
  sessionId: string,
  args: z.infer<typeof planCampaignArgsSchema>,
): Promise<Outcome> {
  const tenantId = ctx.actor.tenantId;
  const existing = args.campaignId
    ? await getCampaign(ctx, args.campaignId)
    : await createCampaign(ctx, { name: args.name, goal: args.goal });
  const briefed = await updateCampaign(ctx, existing.id, {
    version: existing.version,
    step: 'plan',
    name: args.name,
    goal: args.goal,
    startsOn: args.startsOn,
    endsOn: args.endsOn,
    connectionIds: args.connectionIds,
    formats: ['post'],
    cadence: cadenceOf(args.postsPerWeek),
  });
  const planned = await planDraft(ctx, briefed.id, { version: briefed.version });
  if (!args.campaignId) {
    // The session works on the campaign it made.
    await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
      repo.updateSession(tx, tenantId, sessionId, { campaignId: briefed.id }),
    );
  }
  const posts = planned.campaign.posts.map(plannedOf);
  const notes = planned.notices.length > 0 ? ` ${planned.notices.join(' ')}` : '';
  return {
    status: 'done',
    result: {
      summary: `Campaign draft "${planned.campaign.name}" planned with ${posts.length} post${posts.length === 1 ? '' : 's'}.${notes}`,
      campaignId: planned.campaign.id,
      posts,
      problems: planned.problems,
    },
  };
}
