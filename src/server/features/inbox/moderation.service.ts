import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ModerationAction,
  ModerationRule,
  moderationRuleInputSchema,
} from '#shared/contracts/inbox.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import { applyItemAction } from './inbox-actions-items.ts';
import { announceInboxChange } from './inbox-live.ts';
import { refreshThread } from './inbox-ingest.repository.ts';
import * as repo from './inbox.repository.ts';
import { inboxItems, inboxModerationActions, inboxModerationRules } from './inbox.tables.ts';
import { onInboxItemsIngested, type IngestedItem } from './ingest.ts';
import { patternProblem, ruleMatch } from './moderation.ts';

// Moderation of the social monitor (docs/decisions/091): rules per account that hide or flag an
// incoming comment as it arrives, every automatic action audited (applied or failed), and a
// one-click undo. Owner and manager write rules (manage:inbox); everyone who answers may undo.

type RuleInput = z.output<typeof moderationRuleInputSchema>;
type RuleRow = typeof inboxModerationRules.$inferSelect;
type ActionRow = typeof inboxModerationActions.$inferSelect;

const toRule = (r: RuleRow): ModerationRule => ({
  id: r.id,
  connectionId: r.connectionId,
  name: r.name,
  keywords: r.keywords,
  pattern: r.pattern,
  action: r.action,
  enabled: r.enabled,
});

function notFound(what: string, id: string) {
  return AppError.from('NOT_FOUND', { technicalMessage: `${what} ${id} not found` });
}

function checkRule(input: RuleInput): RuleInput {
  const pattern = input.pattern?.trim() || null;
  if (pattern) {
    const problem = patternProblem(pattern);
    if (problem) throw validationError({ pattern: problem });
  }
  const keywords = [...new Set(input.keywords.map((k) => k.trim()).filter(Boolean))];
  if (keywords.length === 0 && !pattern) {
    throw validationError({ keywords: 'Add at least one keyword or a pattern' });
  }
  return { ...input, keywords, pattern };
}

async function requireAccount(tx: Tx, tenantId: string, connectionId: string) {
  if (!(await repo.readConnection(tx, tenantId, connectionId))) {
    throw validationError({ connectionId: 'Choose one of your connected accounts' });
  }
}

export async function listRules(ctx: ServiceContext): Promise<ModerationRule[]> {
  requireAccess(ctx.actor, 'read:dashboard');
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .select()
      .from(inboxModerationRules)
      .where(eq(inboxModerationRules.userId, ctx.actor.tenantId))
      .orderBy(asc(inboxModerationRules.createdAt)),
  );
  return rows.map(toRule);
}

export async function createRule(ctx: ServiceContext, input: RuleInput): Promise<ModerationRule> {
  requireAccess(ctx.actor, 'manage:inbox');
  const rule = checkRule(input);
  const { tenantId } = ctx.actor;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireAccount(tx, tenantId, rule.connectionId);
    const [row] = await tx
      .insert(inboxModerationRules)
      .values({ ...rule, userId: tenantId, createdBy: ctx.actor.userId })
      .returning();
    return toRule(row!);
  });
}

export async function updateRule(
  ctx: ServiceContext,
  id: string,
  input: RuleInput,
): Promise<ModerationRule> {
  requireAccess(ctx.actor, 'manage:inbox');
  const rule = checkRule(input);
  const { tenantId } = ctx.actor;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireAccount(tx, tenantId, rule.connectionId);
    const [row] = await tx
      .update(inboxModerationRules)
      .set({ ...rule, updatedAt: new Date() })
      .where(and(eq(inboxModerationRules.userId, tenantId), eq(inboxModerationRules.id, id)))
      .returning();
    if (!row) throw notFound('moderation rule', id);
    return toRule(row);
  });
}

export async function deleteRule(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  requireAccess(ctx.actor, 'manage:inbox');
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .delete(inboxModerationRules)
      .where(
        and(eq(inboxModerationRules.userId, ctx.actor.tenantId), eq(inboxModerationRules.id, id)),
      )
      .returning({ id: inboxModerationRules.id }),
  );
  if (!rows[0]) throw notFound('moderation rule', id);
  return { id };
}

async function actionView(
  tx: Tx,
  tenantId: string,
  rows: ActionRow[],
): Promise<ModerationAction[]> {
  const out: ModerationAction[] = [];
  for (const r of rows) {
    const item = await repo.readItem(tx, tenantId, r.itemId);
    out.push({
      id: r.id,
      itemId: r.itemId,
      threadId: item?.threadId ?? '',
      ruleName: r.ruleName,
      action: r.action,
      matched: r.matched,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      itemText: item?.text ?? '',
    });
  }
  return out;
}

export async function listActions(ctx: ServiceContext): Promise<ModerationAction[]> {
  requireAccess(ctx.actor, 'read:dashboard');
  const { tenantId } = ctx.actor;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const rows = await tx
      .select()
      .from(inboxModerationActions)
      .where(eq(inboxModerationActions.userId, tenantId))
      .orderBy(desc(inboxModerationActions.createdAt))
      .limit(100);
    return actionView(tx, tenantId, rows);
  });
}

async function readAction(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(inboxModerationActions)
    .where(and(eq(inboxModerationActions.userId, tenantId), eq(inboxModerationActions.id, id)));
  return row;
}

/** Undoes an applied action: unhides the comment on the platform, or unflags it. */
export async function undoAction(ctx: ServiceContext, id: string): Promise<ModerationAction> {
  requireAccess(ctx.actor, 'reply:inbox');
  const { tenantId } = ctx.actor;
  const scope = tenantScope(ctx.actor);
  const action = await withTenant(ctx.deps.database, scope, (tx) => readAction(tx, tenantId, id));
  if (!action) throw notFound('moderation action', id);
  if (action.status !== 'applied') {
    throw validationError({ status: 'Only an applied action can be undone' });
  }
  if (action.action === 'hide') {
    await applyItemAction(ctx.deps, scope, action.itemId, 'unhide');
  }
  return withTenant(ctx.deps.database, scope, async (tx) => {
    if (action.action === 'flag') {
      const [item] = await tx
        .update(inboxItems)
        .set({ flagged: false, updatedAt: new Date() })
        .where(and(eq(inboxItems.userId, tenantId), eq(inboxItems.id, action.itemId)))
        .returning();
      if (item) {
        const thread = await repo.readThread(tx, tenantId, item.threadId);
        announceInboxChange(tx, tenantId, {
          threadId: item.threadId,
          kind: thread?.kind ?? 'comment',
          change: 'item-updated',
        });
      }
    }
    const [row] = await tx
      .update(inboxModerationActions)
      .set({ status: 'undone', undoneBy: ctx.actor.userId, undoneAt: new Date() })
      .where(and(eq(inboxModerationActions.userId, tenantId), eq(inboxModerationActions.id, id)))
      .returning();
    return (await actionView(tx, tenantId, [row!]))[0]!;
  });
}

/** Checks incoming comments against the enabled rules of their account; see the file's comment. */
export async function moderateIngested(
  deps: AppDeps,
  tenantId: string,
  items: IngestedItem[],
): Promise<void> {
  const comments = items.filter((i) => i.kind === 'comment' && i.direction === 'in' && !i.hidden);
  if (comments.length === 0) return;
  const scope = businessScope(tenantId);
  const rules = await withTenant(deps.database, scope, (tx) =>
    tx
      .select()
      .from(inboxModerationRules)
      .where(and(eq(inboxModerationRules.userId, tenantId), eq(inboxModerationRules.enabled, true)))
      .orderBy(asc(inboxModerationRules.createdAt)),
  );
  for (const item of comments) {
    for (const rule of rules.filter((r) => r.connectionId === item.connectionId)) {
      const matched = ruleMatch(rule, item.text);
      if (!matched) continue;
      await applyRule(deps, tenantId, item, rule, matched);
      break;
    }
  }
}

async function applyRule(
  deps: AppDeps,
  tenantId: string,
  item: IngestedItem,
  rule: RuleRow,
  matched: string,
): Promise<void> {
  const scope = businessScope(tenantId);
  let error: string | null = null;
  if (rule.action === 'hide') {
    try {
      await applyItemAction(deps, scope, item.itemId, 'hide', 'rule');
    } catch (e) {
      error = e instanceof AppError ? e.record.technicalMessage : String(e);
    }
  }
  await withTenant(deps.database, scope, async (tx) => {
    if (rule.action === 'flag') {
      await tx
        .update(inboxItems)
        .set({ flagged: true, updatedAt: new Date() })
        .where(and(eq(inboxItems.userId, tenantId), eq(inboxItems.id, item.itemId)));
      await refreshThread(tx, item.threadId, 0);
      announceInboxChange(tx, tenantId, {
        threadId: item.threadId,
        kind: item.threadKind,
        change: 'item-updated',
      });
    }
    await tx.insert(inboxModerationActions).values({
      userId: tenantId,
      itemId: item.itemId,
      ruleId: rule.id,
      ruleName: rule.name,
      action: rule.action,
      matched: matched.slice(0, 200),
      status: error ? 'failed' : 'applied',
      error: error?.slice(0, 1000) ?? null,
    });
  });
}

let registered = false;

/** Registers moderation with the ingest, once per process. */
export function registerModeration(): void {
  if (registered) return;
  registered = true;
  onInboxItemsIngested(moderateIngested);
}
