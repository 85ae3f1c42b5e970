import type { Database } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';

/**
 * Runs `write` in `scope`; true when the database refused it by a policy, a missing grant or a
 * tenant key (the transaction rolled back). Any other error — a mistake in the test's own SQL —
 * is thrown, so it never passes for a refusal.
 */
export async function refusedByDatabase(
  database: Database,
  scope: TenantScope,
  write: Parameters<typeof withTenant>[2],
): Promise<boolean> {
  try {
    await withTenant(database, scope, write);
    return false;
  } catch (error) {
    const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
    if (/row-level security|permission denied|foreign key/i.test(text)) return true;
    throw error;
  }
}
