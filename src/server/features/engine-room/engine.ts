import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ENGINE_LIMITS,
  sendMessageInputSchema,
  type EngineMessage,
  type EngineStreamEvent,
  type ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import { AppError, isAppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import type { ChatClient, ChatMessage } from '#server/integrations/ai/chat-client.ts';
import * as aiRepo from '../ai-content/ai-content.repository.ts';
import { periodOf } from '../ai-content/ai-content.service.ts';
import { clip } from '../ai-content/offline-generator.ts';
import { chatClientFromEnv } from '../campaigns/planner.ts';
import { isUuid } from '../profile/user-id.ts';
import {
  describeEntitlements,
  entitlementsOf,
  grants,
  limitsOf,
} from '../subscription/entitlements.ts';
import { readContext, todayOf, type EngineContext } from './business-context.ts';
import * as repo from './engine-room.repository.ts';
import { answerOffline } from './offline-engine.ts';
import { DEFAULT_TITLE, OFFLINE_ENGINE, WRITE_PERMISSION, sessionNotFound } from './sessions.ts';
import { checkToolCall, toolDefinitions } from './tool-args.ts';

// One turn of the engine room (docs/product/screens.md#engine-room): the person's message is
// stored, the engine answers — the AI provider with the five tools, or the offline engine — and
// the answer is stored at the end. The answer streams: `message` (the person's message as
// stored), `text` pieces, each proposed `tool_call` whole, then `done`. Nothing a tool would
// write is written here: a proposed call is a card the person confirms (tools.ts). A call whose
// arguments are not of its schema, or name something not the business's, is never a card; the
// answer says so in a short note. Plan and allowance as for AI content
// (docs/product/roles-and-plans.md#features-by-plan): each turn counts as one generation of the
// month's allowance, given back when the engine could not answer.

export type EmitEvent = (event: EngineStreamEvent) => void | Promise<void>;

export interface TurnRun {
  /** The browser went away: stop asking, keep what was stored. */
  signal: AbortSignal;
  emit: EmitEvent;
}

export interface TurnOptions {
  /** The provider to ask; by default the one configured, or none (offline). */
  client?: ChatClient | null;
  now?: Date;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

function allowanceOf(used: number, limit: number, now: Date) {
  return {
    used,
    limit,
    remaining: Math.max(0, limit - used),
    period: periodOf(now),
    resets_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
}

/** As AI content: the plan must include it, and one generation of the month must be left. */
async function reserveTurn(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const plan = await entitlementsOf(tx, tenantId);
  if (!grants(plan, 'ai-content')) {
    throw AppError.from('FEATURE_NOT_AVAILABLE', {
      technicalMessage: `ai-content is not in ${tenantId}'s plan (${describeEntitlements(plan)})`,
      details: { feature: 'ai-content' },
    });
  }
  const limit = limitsOf(plan).aiGenerationsPerMonth;
  const period = periodOf(now);
  const used = await aiRepo.reserveGenerations(tx, tenantId, period, 1, limit, now);
  if (used === null) {
    const current = await aiRepo.usedInPeriod(tx, tenantId, period);
    throw AppError.from('BUSINESS_RULE_VIOLATION', {
      technicalMessage: `AI allowance: ${current} of ${limit} used in ${period}, 1 asked`,
      details: { reason: 'ai_allowance', allowance: allowanceOf(current, limit, now) },
    });
  }
}

interface Answer {
  content: string;
  toolCalls: ToolCall[];
}

const newCallId = () => `call_${randomUUID()}`;

/**
 * Sends the person's message and streams the answer. Problems found before the person's message
 * is stored (input, permission, plan, allowance, session) throw; later ones are `error` events.
 */
export async function sendMessage(
  ctx: ServiceContext,
  sessionId: string,
  input: unknown,
  run: TurnRun,
  options: TurnOptions = {},
): Promise<EngineMessage | null> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  if (!isUuid(sessionId)) sessionNotFound(sessionId);
  const { content } = parse(sendMessageInputSchema, input);
  const client = options.client === undefined ? chatClientFromEnv(ctx.deps.env) : options.client;
  const engine = client ? (ctx.deps.env.AI_MODEL ?? 'ai') : OFFLINE_ENGINE;
  const tenantId = ctx.actor.tenantId;
  const scope = tenantScope(ctx.actor);
  const now = options.now ?? new Date();

  const { message, history, context } = await withTenant(ctx.deps.database, scope, async (tx) => {
    const session =
      (await repo.findSession(tx, tenantId, sessionId, { forUpdate: true })) ??
      sessionNotFound(sessionId);
    await reserveTurn(tx, tenantId, now);
    const history = await repo.listMessages(
      tx,
      tenantId,
      sessionId,
      ENGINE_LIMITS.messagesPerSession - 1,
    );
    const message = await repo.insertMessage(tx, {
      sessionId,
      userId: tenantId,
      role: 'user',
      content,
      engine: null,
      authorId: ctx.actor.userId,
      createdAt: now,
    });
    const firstTitle = history.length === 0 && session.title === DEFAULT_TITLE;
    await repo.updateSession(
      tx,
      tenantId,
      sessionId,
      firstTitle ? { title: clip(content, ENGINE_LIMITS.sessionTitleLength) || DEFAULT_TITLE } : {},
      now,
    );
    return { message, history, context: await readContext(tx, tenantId, session, now) };
  });
  await run.emit({ type: 'message', message: repo.toMessageDto(message) });

  let answer: Answer;
  try {
    answer = client
      ? await providerTurn(client, context, history, content, run)
      : await offlineTurn(content, context, run);
  } catch (error) {
    // Not answered: the generation is given back.
    await withTenant(ctx.deps.database, scope, (tx) =>
      aiRepo.releaseGenerations(tx, tenantId, periodOf(now), 1, new Date()),
    );
    if (run.signal.aborted) return null;
    const appError = isAppError(error)
      ? error
      : AppError.from('SERVER_ERROR', { technicalMessage: 'Engine turn failed', cause: error });
    ctx.deps.logger.warn(
      { err: error, code: appError.record.code, sessionId },
      'Engine turn failed',
    );
    await run.emit({
      type: 'error',
      error: { code: appError.record.code, message: appError.record.userMessage },
    });
    return null;
  }

  const stored = await withTenant(ctx.deps.database, scope, async (tx) => {
    const row = await repo.insertMessage(tx, {
      sessionId,
      userId: tenantId,
      role: 'assistant',
      content: answer.content,
      toolCalls: answer.toolCalls,
      engine,
      authorId: null,
      // After the person's message, whatever the clocks say.
      createdAt: new Date(Math.max(Date.now(), now.getTime() + 1)),
    });
    await repo.updateSession(tx, tenantId, sessionId, {}, row.createdAt);
    return repo.toMessageDto(row);
  });
  if (!run.signal.aborted) await run.emit({ type: 'done', message: stored });
  return stored;
}

/** The offline engine's answer, sent as the provider's would be. */
async function offlineTurn(content: string, context: EngineContext, run: TurnRun): Promise<Answer> {
  const offline = answerOffline(content, context);
  const notes: string[] = [];
  const toolCalls: ToolCall[] = [];
  for (const call of offline.calls) {
    const checked = checkToolCall(call.tool, call.args, context);
    if (!checked.ok) notes.push(checked.note);
    else toolCalls.push(proposed(checked.tool, checked.args));
  }
  const text = [offline.content, ...notes].join('\n\n');
  await run.emit({ type: 'text', delta: text });
  for (const toolCall of toolCalls) await run.emit({ type: 'tool_call', toolCall });
  return { content: text, toolCalls };
}

function proposed(tool: ToolCall['tool'], args: Record<string, unknown>): ToolCall {
  return { id: newCallId(), tool, args, status: 'proposed', result: null };
}

/** What the provider is told: the business, its accounts, today, the campaign in view. */
export function systemPrompt(context: EngineContext): string {
  const v = context.voice;
  const lines = [
    'You are the content engine of a business that plans and publishes Instagram and Facebook posts.',
    'Answer briefly. To act, propose a tool call: the person confirms each before anything is saved.',
    'Use only the account ids, file ids and campaign id given here.',
    '',
    `Business: ${clip(v.businessName, 120)}`,
    v.industry ? `Industry: ${clip(v.industry, 120)}` : null,
    v.description ? `About: ${clip(v.description, 500)}` : null,
    v.brandVoice ? `Brand voice: ${clip(v.brandVoice, 300)}` : null,
    v.targetAudience ? `Audience: ${clip(v.targetAudience, 300)}` : null,
    v.website ? `Website: ${clip(v.website, 200)}` : null,
    `Today: ${todayOf(context)} (time zone ${context.timeZone}). Give times with their offset.`,
    '',
    'Accounts (id, platform, name):',
    ...(context.accounts.length > 0
      ? context.accounts.map((a) => `- ${a.id} ${a.platform} ${a.name}`)
      : ['- none connected yet']),
  ];
  if (context.postingHours.length > 0) {
    lines.push(
      `Posting hours (0 = Sunday): ${context.postingHours.map((h) => `${h.day} ${h.start}-${h.end}`).join(', ')}`,
    );
  }
  if (context.media.length > 0) {
    lines.push(
      'Library (id, kind, name, tags):',
      ...context.media
        .slice(0, 50)
        .map(
          (m) =>
            `- ${m.id} ${m.kind} ${clip(m.name, 80)}${m.tags.length ? ` [${m.tags.join(', ')}]` : ''}`,
        ),
    );
  }
  const c = context.campaign;
  if (c) {
    lines.push(
      '',
      `Campaign in view: ${c.id} "${clip(c.name, 120)}" (${c.status}), ${c.startsOn ?? '?'} to ${c.endsOn ?? '?'}, ${c.posts} planned posts.`,
      c.goal ? `Its goal: ${clip(c.goal, 500)}` : '',
    );
  }
  return lines.filter((l): l is string => l !== null).join('\n');
}

/** The session so far as chat messages; every earlier tool call is answered with its outcome. */
function historyMessages(history: readonly repo.MessageRow[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of history) {
    if (m.role === 'user') {
      out.push({ role: 'user', content: m.content });
      continue;
    }
    if (m.toolCalls.length === 0) {
      out.push({ role: 'assistant', content: m.content });
      continue;
    }
    out.push({
      role: 'assistant',
      content: m.content || null,
      toolCalls: m.toolCalls.map((c) => ({
        id: c.id,
        name: c.tool,
        arguments: JSON.stringify(c.args),
      })),
    });
    for (const c of m.toolCalls) {
      out.push({
        role: 'tool',
        toolCallId: c.id,
        content: JSON.stringify({ status: c.status, summary: c.result?.summary ?? null }),
      });
    }
  }
  return out;
}

async function providerTurn(
  client: ChatClient,
  context: EngineContext,
  history: readonly repo.MessageRow[],
  content: string,
  run: TurnRun,
): Promise<Answer> {
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(context) },
    ...historyMessages(history),
    { role: 'user', content },
  ];
  let text = '';
  const calls = new Map<number, { name: string; args: string }>();
  for await (const event of client.stream({
    messages,
    tools: toolDefinitions(),
    toolChoice: 'auto',
    signal: run.signal,
  })) {
    if (event.type === 'text') {
      text += event.delta;
      await run.emit({ type: 'text', delta: event.delta });
    } else if (event.type === 'tool_call') {
      const call = calls.get(event.index) ?? { name: '', args: '' };
      if (event.name) call.name = event.name;
      call.args += event.argumentsDelta;
      calls.set(event.index, call);
    }
  }
  const toolCalls: ToolCall[] = [];
  const notes: string[] = [];
  for (const [, call] of [...calls].sort(([a], [b]) => a - b)) {
    const checked = checkToolCall(call.name, call.args, context);
    if (checked.ok) toolCalls.push(proposed(checked.tool, checked.args));
    else notes.push(checked.note);
  }
  if (notes.length > 0) {
    const note = `${text ? '\n\n' : ''}${notes.join('\n')}`;
    text += note;
    await run.emit({ type: 'text', delta: note });
  }
  for (const toolCall of toolCalls) await run.emit({ type: 'tool_call', toolCall });
  return { content: text, toolCalls };
}
