import { z } from 'zod';
import { contactInputSchema } from '#shared/contracts/contact.contract.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { sendContactMessage } from './contact.service.ts';

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
      await sendContactMessage(deps, c.req.valid('json'), c.get('clientIp'));
      return ok(c, { received: true as const }, 201);
    },
  );
  return router;
}
