import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '#shared/errors/index.ts';
import { createRoute, createRouter, envelope } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import type { AppDeps } from '#server/platform/deps.ts';

// The development mailbox: mounted only while no SMTP server is configured (or DEV_MAILBOX=1),
// so e-mailed links can be clicked on a machine that sends no mail.
const tags = ['Development'];
const summary = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export function createDevMailboxRoutes(deps: AppDeps) {
  const router = createRouter();
  const db = deps.database.unsafeDb;

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/dev/mailbox',
      summary: 'E-mails captured in the outbox, newest first',
      tags,
      request: { query: z.object({ to: z.string().max(254).optional() }) },
      responses: envelope(z.array(summary)),
    }),
    async (c) => {
      const { to } = c.req.valid('query');
      const rows = await db
        .select({
          id: emailOutbox.id,
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(to ? eq(emailOutbox.to, to.toLowerCase()) : undefined)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(100);
      return ok(
        c,
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      );
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/dev/mailbox/{id}',
      summary: 'One captured e-mail',
      tags,
      request: { params: z.object({ id: z.uuid() }) },
      responses: envelope(summary.extend({ html: z.string(), text: z.string() })),
    }),
    async (c) => {
      const [row] = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, c.req.valid('param').id));
      if (!row) throw AppError.from('NOT_FOUND');
      return ok(c, {
        id: row.id,
        to: row.to,
        subject: row.subject,
        status: row.status,
        html: row.html,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
      });
    },
  );

  return router;
}
