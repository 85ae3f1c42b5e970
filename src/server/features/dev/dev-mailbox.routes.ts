import { z } from 'zod';
import { AppError } from '#shared/errors/index.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { enforceRateLimit } from '#server/platform/security/rate-limit.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { requireMailboxReader, unlockMailbox } from './mailbox-access.ts';
import { unsafeGetCaptured, unsafeListCaptured } from './dev-mailbox.repository.ts';

// The outbox, readable where nothing is sent: the development mailbox outside production (for
// whoever holds its key), administrators only in production without SMTP (mailbox-access.ts).
const tags = ['Development'];
const summary = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
const UNLOCK_LIMIT = { name: 'dev-mailbox:unlock', limit: 20, windowSeconds: 900 };

export function createDevMailboxRoutes(deps: AppDeps) {
  const router = createRouter();
  const db = deps.database.unsafeDb;
  const { env } = deps;

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/dev/mailbox/unlock',
      summary: 'Open the development mailbox with its key (kept by the browser in a cookie)',
      tags,
      request: { body: jsonBody(z.strictObject({ key: z.string().min(1).max(200) })) },
      responses: envelope(z.object({ unlocked: z.literal(true) })),
    }),
    async (c) => {
      if (env.mailbox !== 'development') throw AppError.from('NOT_FOUND');
      await enforceRateLimit(deps.database, UNLOCK_LIMIT, c.get('clientIp'));
      if (!unlockMailbox(env, c, c.req.valid('json').key)) {
        throw AppError.from('VALIDATION_ERROR', {
          userMessage: 'That key does not open this mailbox.',
          details: { fieldErrors: { key: 'That key does not open this mailbox.' } },
        });
      }
      return ok(c, { unlocked: true as const });
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/dev/mailbox',
      summary: 'E-mails kept in the outbox, newest first',
      tags,
      request: { query: z.object({ to: z.string().max(254).optional() }) },
      responses: envelope(z.array(summary)),
    }),
    async (c) => {
      requireMailboxReader(env, c);
      return ok(c, await unsafeListCaptured(db, c.req.valid('query').to));
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/dev/mailbox/{id}',
      summary: 'One e-mail of the outbox',
      tags,
      request: { params: z.object({ id: z.uuid() }) },
      responses: envelope(summary.extend({ html: z.string(), text: z.string() })),
    }),
    async (c) => {
      requireMailboxReader(env, c);
      const message = await unsafeGetCaptured(db, c.req.valid('param').id);
      if (!message) throw AppError.from('NOT_FOUND');
      return ok(c, message);
    },
  );

  return router;
}
