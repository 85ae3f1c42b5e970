import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SavedReply, savedReplyInputSchema } from '#shared/contracts/inbox.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import { inboxSavedReplies } from './inbox.tables.ts';

// Saved replies of the social monitor (docs/decisions/091 "Roles"): every member reads them and
// uses them in a reply (the browser fills in {first_name} and {business_name} with
// renderSavedReply of #shared/saved-replies.ts); owner and manager write them (manage:inbox).

type Input = z.output<typeof savedReplyInputSchema>;

const toDto = (r: typeof inboxSavedReplies.$inferSelect): SavedReply => ({
  id: r.id,
  title: r.title,
  body: r.body,
});

function notFound(id: string) {
  return AppError.from('NOT_FOUND', { technicalMessage: `saved reply ${id} not found` });
}

/** A second reply with the same title is refused on the title (inbox_saved_replies_title_key). */
function isTitleTaken(error: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' || constraint === 'inbox_saved_replies_title_key') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function titleTaken() {
  return validationError({ title: 'A saved reply with this title exists already' });
}

export async function listSavedReplies(ctx: ServiceContext): Promise<SavedReply[]> {
  requireAccess(ctx.actor, 'read:dashboard');
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .select()
      .from(inboxSavedReplies)
      .where(eq(inboxSavedReplies.userId, ctx.actor.tenantId))
      .orderBy(asc(inboxSavedReplies.title)),
  );
  return rows.map(toDto);
}

export async function createSavedReply(ctx: ServiceContext, input: Input): Promise<SavedReply> {
  requireAccess(ctx.actor, 'manage:inbox');
  try {
    const [row] = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
      tx
        .insert(inboxSavedReplies)
        .values({ userId: ctx.actor.tenantId, createdBy: ctx.actor.userId, ...input })
        .returning(),
    );
    return toDto(row!);
  } catch (error) {
    if (isTitleTaken(error)) throw titleTaken();
    throw error;
  }
}

export async function updateSavedReply(
  ctx: ServiceContext,
  id: string,
  input: Input,
): Promise<SavedReply> {
  requireAccess(ctx.actor, 'manage:inbox');
  let rows: Array<typeof inboxSavedReplies.$inferSelect>;
  try {
    rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
      tx
        .update(inboxSavedReplies)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(inboxSavedReplies.userId, ctx.actor.tenantId), eq(inboxSavedReplies.id, id)))
        .returning(),
    );
  } catch (error) {
    if (isTitleTaken(error)) throw titleTaken();
    throw error;
  }
  if (!rows[0]) throw notFound(id);
  return toDto(rows[0]);
}

export async function deleteSavedReply(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  requireAccess(ctx.actor, 'manage:inbox');
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .delete(inboxSavedReplies)
      .where(and(eq(inboxSavedReplies.userId, ctx.actor.tenantId), eq(inboxSavedReplies.id, id)))
      .returning({ id: inboxSavedReplies.id }),
  );
  if (!rows[0]) throw notFound(id);
  return { id };
}
