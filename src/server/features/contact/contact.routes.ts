import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { contactInputSchema } from '#shared/contracts/contact.contract.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { contactMessages } from '#server/platform/db/system.tables.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import { enforceRateLimit } from '#server/platform/security/rate-limit.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';

const CONTACT_LIMIT = { name: 'contact:address', limit: 5, windowSeconds: 3600 };

/** The public contact form: stored, then e-mailed to the installation's administrators. */
export function createContactRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/contact',
      summary: 'Send a message to the team',
      tags: ['Public'],
      request: { body: jsonBody(contactInputSchema) },
      responses: envelope(z.object({ received: z.literal(true) }), 201),
    }),
    async (c) => {
      const input = c.req.valid('json');
      await enforceRateLimit(deps.database, CONTACT_LIMIT, c.get('clientIp'));
      const db = deps.database.unsafeDb;
      await db.insert(contactMessages).values({
        name: input.name,
        email: input.email,
        company: input.company || null,
        message: input.message,
        ipAddress: c.get('clientIp'),
      });
      const admins = rowsOf<{ email: string }>(
        await db.execute(
          sql`select u.email from auth.users u join public.user_roles r on r.user_id = u.id and r.role = 'admin' and r.tenant_id is null`,
        ),
      );
      const recipients =
        admins.length > 0
          ? admins.map((a) => a.email)
          : [deps.env.MAIL_FROM.replace(/^.*<|>$/g, '')];
      const email = emailTemplates.contactMessage({
        name: input.name,
        email: input.email,
        company: input.company || null,
        message: input.message,
      });
      for (const to of recipients) await deps.mailer.send(to, 'contactMessage', email);
      return ok(c, { received: true as const }, 201);
    },
  );
  return router;
}
