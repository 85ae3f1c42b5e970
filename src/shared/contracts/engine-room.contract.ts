import { z } from 'zod';
import { TARGET_FORMATS } from '../platform-limits.ts';
import { launchProblemSchema, plannedPostSchema } from './campaign-plan.contract.ts';

// The engine room (docs/product/screens.md#engine-room): a person works with the content engine
// in a session whose id is in the address, so it can be reopened and shared with a colleague of
// the same business. The engine answers in a stream and may propose tool calls; each is shown as
// a card the person confirms (or dismisses) before anything is written. With no AI provider an
// offline engine answers the same requests from a fixed repertoire and says so.

export const ENGINE_LIMITS = {
  /** Longest message a person sends. */
  messageLength: 4000,
  /** Messages kept per session (older ones are not sent to the engine again). */
  messagesPerSession: 200,
  sessionTitleLength: 120,
  sessionsPageSize: 30,
} as const;

/** What the engine can do, each as a tool the person confirms. */
export const ENGINE_TOOLS = [
  'draft_posts',
  'plan_campaign',
  'find_media',
  'suggest_times',
  'check_post',
] as const;
export type EngineTool = (typeof ENGINE_TOOLS)[number];

/** draft_posts: posts for given accounts and times, saved through the posts use case. */
export const draftPostsArgsSchema = z.strictObject({
  posts: z
    .array(
      z.strictObject({
        connectionId: z.uuid(),
        format: z.enum(TARGET_FORMATS),
        scheduledFor: z.iso.datetime({ offset: true }).nullable(),
        caption: z.string().max(2200),
        hashtags: z.array(z.string()).max(30),
        mediaIds: z.array(z.uuid()).max(10),
      }),
    )
    .min(1)
    .max(20),
  /** draft: on the calendar as drafts; schedule: scheduled at their times. */
  intent: z.enum(['draft', 'schedule']),
});

/** plan_campaign: a campaign draft made from a brief (or the viewed campaign's plan changed). */
export const planCampaignArgsSchema = z.strictObject({
  campaignId: z.uuid().nullable(),
  name: z.string().min(1).max(120),
  goal: z.string().min(1).max(1000),
  startsOn: z.iso.date(),
  endsOn: z.iso.date(),
  connectionIds: z.array(z.uuid()).min(1).max(20),
  postsPerWeek: z.int().min(1).max(21),
});

export const findMediaArgsSchema = z.strictObject({
  query: z.string().max(200),
  tags: z.array(z.string()).max(10),
});

export const suggestTimesArgsSchema = z.strictObject({
  connectionId: z.uuid().nullable(),
  count: z.int().min(1).max(20),
});

export const checkPostArgsSchema = z.strictObject({
  connectionId: z.uuid(),
  format: z.enum(TARGET_FORMATS),
  caption: z.string().max(5000),
  hashtags: z.array(z.string()).max(60),
  mediaIds: z.array(z.uuid()).max(10),
  scheduledFor: z.iso.datetime({ offset: true }).nullable(),
});

export const TOOL_CALL_STATUSES = ['proposed', 'confirmed', 'dismissed', 'done', 'failed'] as const;

/** A tool call the engine proposed, and what became of it. */
export const toolCallSchema = z.object({
  id: z.string(),
  tool: z.enum(ENGINE_TOOLS),
  /** The arguments as the engine gave them (checked again when confirmed). */
  args: z.record(z.string(), z.unknown()),
  status: z.enum(TOOL_CALL_STATUSES),
  /** What it did: ids of posts or the campaign made, media found, times, problems. */
  result: z
    .object({
      summary: z.string(),
      postIds: z.array(z.uuid()).optional(),
      campaignId: z.uuid().optional(),
      mediaIds: z.array(z.uuid()).optional(),
      times: z.array(z.string()).optional(),
      posts: z.array(plannedPostSchema).optional(),
      problems: z.array(launchProblemSchema).optional(),
    })
    .nullable(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

export const engineMessageSchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  toolCalls: z.array(toolCallSchema),
  /** The engine that answered: the provider's model, or "offline". */
  engine: z.string().nullable(),
  authorId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type EngineMessage = z.infer<typeof engineMessageSchema>;

export const engineSessionSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The campaign the session works on, if any. */
  campaignId: z.uuid().nullable(),
  messageCount: z.int(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EngineSessionSummary = z.infer<typeof engineSessionSummarySchema>;

export const engineSessionSchema = engineSessionSummarySchema.extend({
  messages: z.array(engineMessageSchema),
  /** "offline" when no AI provider is configured. */
  engine: z.string(),
});
export type EngineSession = z.infer<typeof engineSessionSchema>;

export const createSessionInputSchema = z.strictObject({
  title: z.string().trim().max(ENGINE_LIMITS.sessionTitleLength).optional(),
  campaignId: z.uuid().optional(),
});

export const renameSessionInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Name the session').max(ENGINE_LIMITS.sessionTitleLength),
});

export const sendMessageInputSchema = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, 'Write a message')
    .max(ENGINE_LIMITS.messageLength, `At most ${ENGINE_LIMITS.messageLength} characters`),
});

/**
 * The streamed answer to a message (text/event-stream, one JSON event per `data:` line):
 * `message` (the person's message as stored), `text` (a piece of the answer), `tool_call` (a
 * proposed tool call, whole), `done` (the answer as stored), `error` (the catalogue's error).
 */
export const engineStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: engineMessageSchema }),
  z.object({ type: z.literal('text'), delta: z.string() }),
  z.object({ type: z.literal('tool_call'), toolCall: toolCallSchema }),
  z.object({ type: z.literal('done'), message: engineMessageSchema }),
  z.object({
    type: z.literal('error'),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type EngineStreamEvent = z.infer<typeof engineStreamEventSchema>;

export const engineRoomRoutes = {
  sessions: '/api/engine-room/sessions',
  session: '/api/engine-room/sessions/{id}',
  /** POST: send a message; the answer streams back. */
  messages: '/api/engine-room/sessions/{id}/messages',
  /** POST: confirm a proposed tool call (it runs); DELETE: dismiss it. */
  toolCall: '/api/engine-room/sessions/{id}/tool-calls/{callId}',
} as const;
