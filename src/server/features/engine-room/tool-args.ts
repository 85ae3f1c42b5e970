import { z } from 'zod';
import {
  checkPostArgsSchema,
  draftPostsArgsSchema,
  findMediaArgsSchema,
  planCampaignArgsSchema,
  suggestTimesArgsSchema,
  ENGINE_TOOLS,
  type EngineTool,
} from '#shared/contracts/engine-room.contract.ts';
import type { ToolDefinition } from '#server/integrations/ai/chat-client.ts';
import type { EngineContext } from './business-context.ts';

// The engine's five tools (docs/product/screens.md#engine-room) as the provider is offered them
// (strict JSON schemas made from the contract's argument schemas), and the check every proposed
// call passes before it becomes a card: its arguments are JSON of its schema, and every account,
// file and campaign it names is the business's own. A call that fails is not shown as a card;
// the answer says in a short note what was wrong.

export const ARGS_SCHEMAS = {
  draft_posts: draftPostsArgsSchema,
  plan_campaign: planCampaignArgsSchema,
  find_media: findMediaArgsSchema,
  suggest_times: suggestTimesArgsSchema,
  check_post: checkPostArgsSchema,
} as const satisfies Record<EngineTool, z.ZodType>;

const DESCRIPTIONS: Record<EngineTool, string> = {
  draft_posts:
    'Draft posts for the given accounts and times; they are saved to the calendar as drafts or scheduled once the person confirms.',
  plan_campaign:
    'Make a campaign draft with a plan of posts from a goal, dates, accounts and posts per week (campaignId: the viewed campaign to change, or null for a new one).',
  find_media: 'Find files in the media library by words in their names and by tags.',
  suggest_times: 'Suggest the best times to post, for one account or for the business.',
  check_post: 'Check a post against the platform rules of an account without saving it.',
};

function parametersOf(schema: z.ZodType): Record<string, unknown> {
  const json = { ...(z.toJSONSchema(schema) as Record<string, unknown>) };
  // The dialect line is not part of the schema OpenAI takes.
  delete json['$schema'];
  return json;
}

export function toolDefinitions(): ToolDefinition[] {
  return ENGINE_TOOLS.map((name) => ({
    name,
    description: DESCRIPTIONS[name],
    parameters: parametersOf(ARGS_SCHEMAS[name]),
    strict: true,
  }));
}

export type CheckedCall =
  { ok: true; tool: EngineTool; args: Record<string, unknown> } | { ok: false; note: string };

function isTool(name: string): name is EngineTool {
  return (ENGINE_TOOLS as readonly string[]).includes(name);
}

/** A proposed call as JSON text (the provider's) or as a value (the offline engine's). */
export function checkToolCall(
  name: string,
  rawArgs: string | unknown,
  context: Pick<EngineContext, 'accounts' | 'media' | 'campaign'>,
): CheckedCall {
  if (!isTool(name))
    return { ok: false, note: `I tried a tool I do not have (${name || 'no name'}).` };
  let value: unknown = rawArgs;
  if (typeof rawArgs === 'string') {
    try {
      value = JSON.parse(rawArgs);
    } catch {
      return { ok: false, note: `My ${name} proposal could not be read, so I left it out.` };
    }
  }
  const parsed = ARGS_SCHEMAS[name].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    return {
      ok: false,
      note: `My ${name} proposal was not valid${where}: ${issue?.message ?? 'invalid'}. I left it out.`,
    };
  }
  const args = parsed.data as Record<string, unknown>;
  const problem = ownershipProblem(name, args, context);
  if (problem) return { ok: false, note: `My ${name} proposal ${problem}, so I left it out.` };
  return { ok: true, tool: name, args };
}

function ownershipProblem(
  tool: EngineTool,
  args: Record<string, unknown>,
  context: Pick<EngineContext, 'accounts' | 'media' | 'campaign'>,
): string | null {
  const accounts = new Set(context.accounts.map((a) => a.id));
  const media = new Set(context.media.map((m) => m.id));
  const unknownAccount = (ids: Array<string | null>) =>
    ids.some((id) => id !== null && !accounts.has(id));
  const unknownMedia = (ids: string[]) => ids.some((id) => !media.has(id));
  switch (tool) {
    case 'draft_posts': {
      const { posts } = args as z.infer<typeof draftPostsArgsSchema>;
      if (unknownAccount(posts.map((p) => p.connectionId)))
        return 'named an account that is not connected';
      if (unknownMedia(posts.flatMap((p) => p.mediaIds)))
        return 'named a file that is not in the library';
      return null;
    }
    case 'plan_campaign': {
      const a = args as z.infer<typeof planCampaignArgsSchema>;
      if (unknownAccount(a.connectionIds)) return 'named an account that is not connected';
      if (a.campaignId !== null && a.campaignId !== context.campaign?.id) {
        return 'named a campaign other than the one this session works on';
      }
      if (a.endsOn < a.startsOn) return 'ends before it starts';
      return null;
    }
    case 'suggest_times': {
      const a = args as z.infer<typeof suggestTimesArgsSchema>;
      return unknownAccount([a.connectionId]) ? 'named an account that is not connected' : null;
    }
    case 'check_post': {
      const a = args as z.infer<typeof checkPostArgsSchema>;
      if (unknownAccount([a.connectionId])) return 'named an account that is not connected';
      if (unknownMedia(a.mediaIds)) return 'named a file that is not in the library';
      return null;
    }
    case 'find_media':
      return null;
  }
}
