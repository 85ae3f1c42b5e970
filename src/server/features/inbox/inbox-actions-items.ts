import type { InboxItem, ItemAction } from '#shared/contracts/inbox.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { announceInboxChange } from './inbox-live.ts';
import { inboxPlatform, reachOf } from './inbox-actions-platform.ts';
import { platformRefusal, refuse } from './inbox-actions-refusal.ts';
import { refreshThread } from './inbox-ingest.repository.ts';
import { toInboxItem } from './inbox.dto.ts';
import * as repo from './inbox.repository.ts';
import { PENDING_PREFIX } from './ingest.ts';

// Hide, unhide, delete, like and unlike a comment (docs/product/meta-platform.md#comments):
// checked first, then asked of the platform, then written; a refusal of the platform changes
// nothing here. Liking is Facebook's only: Instagram has no API for it.

const CODE = 'COMMENT_ACTION_ERROR';

function itemNotFound(itemId: string): AppError {
  return AppError.from('NOT_FOUND', { technicalMessage: `inbox item ${itemId} not found` });
}

/** Checks the action against the item as it is; the reason it cannot be done, or null. */
export function actionRefusal(item: repo.ItemRow, action: ItemAction): string | null {
  if (item.kind !== 'comment') return 'Only comments can be hidden, deleted or liked.';
  if (item.externalId.startsWith(PENDING_PREFIX)) return 'Wait until this reply is posted.';
  if (item.deletedAt) return 'This comment was deleted.';
  if ((action === 'like' || action === 'unlike') && item.platform !== 'facebook') {
    return 'Instagram does not let a business like comments.';
  }
  if ((action === 'hide' || action === 'unhide') && item.direction === 'out') {
    return 'Your own replies cannot be hidden; delete them instead.';
  }
  return null;
}

/**
 * Does `action` on the comment: the platform first, then the row. `hiddenBy` names who hid it
 * (a person, or a moderation rule). Shared with moderation and its undo.
 */
export async function applyItemAction(
  deps: AppDeps,
  scope: TenantScope,
  itemId: string,
  action: ItemAction,
  hiddenBy: 'person' | 'rule' = 'person',
): Promise<repo.ItemRow> {
  const { tenantId } = scope;
  const { item, thread, connection } = await withTenant(deps.database, scope, async (tx) => {
    const item = await repo.readItem(tx, tenantId, itemId);
    if (!item) throw itemNotFound(itemId);
    const thread = (await repo.readThread(tx, tenantId, item.threadId))!;
    const connection = await repo.readConnection(tx, tenantId, thread.connectionId);
    return { item, thread, connection };
  });
  const reason = actionRefusal(item, action);
  if (reason) throw refuse(CODE, 'action', reason);
  const reach = connection && reachOf(deps, connection);
  if (!reach) throw refuse(CODE, 'action', 'This account is disconnected: reconnect it first.');
  const platform = inboxPlatform(deps);
  const base = { platform: reach.platform, host: reach.host, commentId: item.externalId };
  try {
    if (action === 'hide' || action === 'unhide') {
      await platform.setCommentHidden({ ...base, hidden: action === 'hide', token: reach.token });
    } else if (action === 'delete') {
      await platform.deleteComment({ ...base, token: reach.token });
    } else {
      await platform.setCommentLiked({
        commentId: item.externalId,
        liked: action === 'like',
        token: reach.token,
      });
    }
  } catch (error) {
    throw platformRefusal(CODE, 'action', error);
  }
  return withTenant(deps.database, scope, async (tx) => {
    const set =
      action === 'hide'
        ? { hidden: true, hiddenBy }
        : action === 'unhide'
          ? { hidden: false, hiddenBy: null }
          : action === 'delete'
            ? { deletedAt: new Date() }
            : { liked: action === 'like' };
    const row = await repo.updateItem(tx, tenantId, itemId, set);
    if (!row) throw itemNotFound(itemId);
    await refreshThread(tx, row.threadId, 0);
    announceInboxChange(tx, tenantId, {
      threadId: row.threadId,
      kind: thread.kind,
      change: 'item-updated',
    });
    return row;
  });
}

export async function itemAction(
  ctx: ServiceContext,
  itemId: string,
  action: ItemAction,
): Promise<InboxItem> {
  requireAccess(ctx.actor, 'reply:inbox');
  const row = await applyItemAction(ctx.deps, tenantScope(ctx.actor), itemId, action);
  const names = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.namesOf(tx, row.sentByUserId ? [row.sentByUserId] : []),
  );
  return toInboxItem(row, names);
}
