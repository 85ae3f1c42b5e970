import type { Database, Tx } from './client.ts';

// YOU PROBABLY DON'T NEED TO EDIT THIS FILE. Every request and job that touches tenant data goes
// through withTenant: one transaction that switches to the runtime role (so row-level security
// applies even though the connection may be a superuser) and sets who is acting, for that
// transaction only — pooled connections never carry a tenant from one request to the next.

export interface TenantScope {
  /** The person acting. */
  userId: string;
  /** The business account whose data is touched (the owner's user id). */
  tenantId: string;
  /** Installation administrators see across tenants where the policies allow it. */
  isAdmin?: boolean;
}

/**
 * Work the installation does for a business with no person acting (job workers, chores, links
 * signed for the business): it acts as the business's owner, whose user id is the business's
 * id (docs/product/entities.md#user_roles). The one place where the two ids are the same value.
 */
export function businessScope(tenantId: string): TenantScope {
  return { userId: tenantId, tenantId };
}

/** The settings row-level security reads, for one transaction. */
export function tenantSettings(scope: TenantScope): Record<string, string> {
  return {
    role: 'app_runtime',
    'app.user_id': scope.userId,
    'app.tenant_id': scope.tenantId,
    'app.is_admin': scope.isAdmin ? 'true' : 'false',
  };
}

const afterCommitCallbacks = new WeakMap<Tx, Array<(database: Database) => void>>();

/**
 * Runs `callback` once the withTenant transaction `tx` has committed, never if it rolls back:
 * for telling other processes about a change (bus.ts notifyAfterCommit) without holding the
 * transaction open while doing it. The callback runs before withTenant returns and must not throw.
 */
export function afterCommit(tx: Tx, callback: (database: Database) => void): void {
  const callbacks = afterCommitCallbacks.get(tx);
  if (callbacks) callbacks.push(callback);
  else afterCommitCallbacks.set(tx, [callback]);
}

export async function withTenant<T>(
  database: Database,
  scope: TenantScope,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  let current: Tx | undefined;
  const result = await database.scopedTransaction(tenantSettings(scope), (tx) => {
    current = tx;
    return fn(tx);
  });
  const callbacks = current && afterCommitCallbacks.get(current);
  if (callbacks) {
    afterCommitCallbacks.delete(current!);
    for (const callback of callbacks) callback(database);
  }
  return result;
}

/**
 * One statement, reading or writing, in the tenant's scope and in one round trip: the settings
 * and the statement go as one message and run as one implicit transaction, committed when the
 * call returns (see Database.scopedStatement). Same role and settings as withTenant, without its
 * three round trips (BEGIN with the settings, the statement, COMMIT): for lists on hot paths
 * (docs/decisions/013) and the publishing worker's one-statement steps (docs/decisions/083).
 * Anything with more than one statement keeps withTenant.
 */
export function withTenantStatement<R>(
  database: Database,
  scope: TenantScope,
  statement: { sql: string; params: readonly unknown[] },
): Promise<R[]> {
  return database.scopedStatement<R>(tenantSettings(scope), statement);
}
