import { sql } from 'drizzle-orm';
import { createRouter } from '#server/platform/http/openapi.ts';
import type { AppDeps } from '#server/platform/deps.ts';

/** Liveness and readiness for process managers and load balancers. */
export function createHealthRoutes(deps: AppDeps) {
  const router = createRouter();
  router.get('/healthz', (c) => c.json({ status: 'ok' }));
  router.get('/readyz', async (c) => {
    try {
      await deps.database.unsafeDb.execute(sql`select 1`);
      return c.json({ status: 'ready', database: deps.database.kind });
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness check failed');
      return c.json({ status: 'unavailable' }, 503);
    }
  });
  return router;
}
