import type { z } from 'zod';
import {
  ENGINE_LIMITS,
  createSessionInputSchema,
  renameSessionInputSchema,
  type EngineSession,
  type EngineSessionSummary,
} from '#shared/contracts/engine-room.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { isUuid } from '../profile/user-id.ts';
import { chatClientFromEnv } from '../campaigns/planner.ts';
import * as repo from './engine-room.repository.ts';

// Sessions of the engine room (docs/product/screens.md#engine-room): started, listed (newest
// first), opened by id with every message, renamed and deleted. Every member of the business
// reads them, so a session's address can be shared with a colleague; owner, manager and staff
// change them.

export const DEFAULT_TITLE = 'New session';
export const READ_PERMISSION = 'read:calendar' as const;
export const WRITE_PERMISSION = 'create:post' as const;
export const OFFLINE_ENGINE = 'offline';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

export function sessionNotFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible engine session ${id}` });
}

/** The engine that answers: the provider's model, or "offline" with no provider configured. */
export function engineName(ctx: ServiceContext): string {
  return chatClientFromEnv(ctx.deps.env)
    ? (ctx.deps.env.AI_MODEL ?? OFFLINE_ENGINE)
    : OFFLINE_ENGINE;
}

export async function createSession(
  ctx: ServiceContext,
  input: unknown,
): Promise<EngineSessionSummary> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  const fields = parse(createSessionInputSchema, input ?? {});
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    if (fields.campaignId && !(await repo.findOwnCampaign(tx, tenantId, fields.campaignId))) {
      throw validationError(
        { campaignId: 'This campaign is not one of your business’s' },
        `engine session for campaign ${fields.campaignId} outside ${tenantId}`,
      );
    }
    const row = await repo.insertSession(tx, {
      userId: tenantId,
      title: fields.title || DEFAULT_TITLE,
      campaignId: fields.campaignId ?? null,
      createdBy: ctx.actor.userId,
    });
    return repo.toSessionSummary(row, 0);
  });
}

export async function listSessions(ctx: ServiceContext): Promise<EngineSessionSummary[]> {
  requireAccess(ctx.actor, READ_PERMISSION);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.listSessions(tx, tenantId, ENGINE_LIMITS.sessionsPageSize),
  );
}

export async function getSession(ctx: ServiceContext, id: string): Promise<EngineSession> {
  requireAccess(ctx.actor, READ_PERMISSION);
  if (!isUuid(id)) sessionNotFound(id);
  const tenantId = ctx.actor.tenantId;
  const { session, messages } = await withTenant(
    ctx.deps.database,
    tenantScope(ctx.actor),
    async (tx) => {
      const session = (await repo.findSession(tx, tenantId, id)) ?? sessionNotFound(id);
      return { session, messages: await repo.listMessages(tx, tenantId, id) };
    },
  );
  return {
    ...repo.toSessionSummary(session, messages.length),
    messages: messages.map(repo.toMessageDto),
    engine: engineName(ctx),
  };
}

export async function renameSession(
  ctx: ServiceContext,
  id: string,
  input: unknown,
): Promise<EngineSessionSummary> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  if (!isUuid(id)) sessionNotFound(id);
  const { title } = parse(renameSessionInputSchema, input);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const row = (await repo.updateSession(tx, tenantId, id, { title })) ?? sessionNotFound(id);
    return repo.toSessionSummary(row, await repo.countMessages(tx, tenantId, id));
  });
}

export async function deleteSession(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  if (!isUuid(id)) sessionNotFound(id);
  const tenantId = ctx.actor.tenantId;
  const deleted = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.deleteSession(tx, tenantId, id),
  );
  if (!deleted) sessionNotFound(id);
  return { id };
}
