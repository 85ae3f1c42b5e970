import { z } from 'zod';
import type { ZodError } from 'zod';
import {
  addSuppressionInputSchema,
  emailCampaignInputSchema,
  emailCampaignListQuerySchema,
  emailCampaignListSchema,
  emailCampaignSchema,
  emailMarketingRoutes,
  emailPreviewInputSchema,
  emailPreviewSchema,
  emailReachSchema,
  sendEmailCampaignInputSchema,
  suppressionListSchema,
  suppressionSchema,
  testEmailResultSchema,
  updateEmailCampaignInputSchema,
} from '#shared/contracts/email-marketing.contract.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { validationHook } from '#server/platform/http/errors.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as campaigns from './campaigns.service.ts';
import * as compose from './compose.service.ts';
import { requireEmailMarketing } from './email-marketing.gate.ts';
import * as suppressions from './suppressions.service.ts';

// /api/audience/emails and /api/audience/suppressions (docs/decisions/100): campaign e-mails, the
// composer's preview, reach and test, sending and cancelling, and the suppression list. Every
// route needs the e-mail add-on, checked before anything else; every member reads; a change
// checks the person's permission before its input, so a viewer learns nothing of what they sent.

const tags = ['Audience'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const emailParams = z.object({ email: z.email({ error: 'Not a valid e-mail address' }).max(254) });
const reachQuerySchema = z.object({ segmentId: z.uuid({ error: 'Choose a segment' }) });

function permissionFirst(
  result: { success: true } | { success: false; error: ZodError; target?: string },
  c: AppContext,
) {
  if (!result.success && result.target === 'json') requireAccess(actorOf(c), campaigns.WRITE);
  return validationHook(result, c);
}

export function createEmailMarketingRoutes(deps: AppDeps) {
  const router = createRouter();
  const gate = requireEmailMarketing(deps);
  for (const path of [
    emailMarketingRoutes.emails,
    `${emailMarketingRoutes.emails}/*`,
    emailMarketingRoutes.suppressions,
    `${emailMarketingRoutes.suppressions}/*`,
  ]) {
    router.use(path, requireActor, gate);
  }
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const id = (c: { req: { valid(t: 'param'): { id: string } } }) => c.req.valid('param').id;

  router.openapi(
    createRoute({
      method: 'get',
      path: emailMarketingRoutes.emails,
      summary: 'Campaign e-mails, most recently changed first, with their figures',
      tags,
      request: { query: emailCampaignListQuerySchema },
      responses: envelope(emailCampaignListSchema),
    }),
    async (c) => ok(c, await campaigns.listEmails(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: emailMarketingRoutes.emails,
      summary: 'A new draft campaign e-mail',
      tags,
      request: { body: jsonBody(emailCampaignInputSchema) },
      responses: envelope(emailCampaignSchema, 201),
    }),
    async (c) => ok(c, await campaigns.createEmail(context(c), c.req.valid('json')), 201),
    permissionFirst as never,
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: emailMarketingRoutes.preview,
      summary: 'The e-mail rendered for the live preview, merged for a contact or with fallbacks',
      tags,
      request: { body: jsonBody(emailPreviewInputSchema) },
      responses: envelope(emailPreviewSchema),
    }),
    async (c) => {
      const { html, text, subject, preheader, unknownFields } = await compose.previewEmail(
        context(c),
        c.req.valid('json'),
      );
      return ok(c, { html, text, subject, preheader, unknownFields });
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: emailMarketingRoutes.reach,
      summary: 'How many contacts of a segment the e-mail would reach, and why not the others',
      tags,
      request: { query: reachQuerySchema },
      responses: envelope(emailReachSchema),
    }),
    async (c) => ok(c, await compose.getReach(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: emailMarketingRoutes.email,
      summary: 'A campaign e-mail with its figures',
      tags,
      request: { params: idParams },
      responses: envelope(emailCampaignSchema),
    }),
    async (c) => ok(c, await campaigns.getEmail(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: emailMarketingRoutes.email,
      summary: 'A draft changed, on the version it was read at (another is a 409)',
      tags,
      request: { params: idParams, body: jsonBody(updateEmailCampaignInputSchema) },
      responses: envelope(emailCampaignSchema),
    }),
    async (c) => ok(c, await campaigns.updateEmail(context(c), id(c), c.req.valid('json'))),
    permissionFirst as never,
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: emailMarketingRoutes.email,
      summary: 'Delete a draft',
      tags,
      request: { params: idParams },
      responses: envelope(z.object({ id: z.uuid() })),
    }),
    async (c) => ok(c, await campaigns.deleteEmail(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: emailMarketingRoutes.send,
      summary: 'Send now, or schedule for a future time',
      tags,
      request: { params: idParams, body: jsonBody(sendEmailCampaignInputSchema) },
      responses: envelope(emailCampaignSchema),
    }),
    async (c) => ok(c, await campaigns.sendEmail(context(c), id(c), c.req.valid('json'))),
    permissionFirst as never,
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: emailMarketingRoutes.cancel,
      summary: 'A scheduled e-mail back to draft; one being sent stops',
      tags,
      request: { params: idParams },
      responses: envelope(emailCampaignSchema),
    }),
    async (c) => ok(c, await campaigns.cancelEmail(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: emailMarketingRoutes.test,
      summary: "A test of the e-mail to the signed-in person's own address",
      tags,
      request: { params: idParams },
      responses: envelope(testEmailResultSchema),
    }),
    async (c) => ok(c, await compose.sendTestEmail(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: emailMarketingRoutes.suppressions,
      summary: 'The suppression list, newest first',
      tags,
      request: { query: emailCampaignListQuerySchema },
      responses: envelope(suppressionListSchema),
    }),
    async (c) => ok(c, await suppressions.listSuppressions(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: emailMarketingRoutes.suppressions,
      summary: 'Add an address to the suppression list by hand',
      tags,
      request: { body: jsonBody(addSuppressionInputSchema) },
      responses: envelope(suppressionSchema, 201),
    }),
    async (c) => ok(c, await suppressions.addSuppression(context(c), c.req.valid('json')), 201),
    permissionFirst as never,
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: emailMarketingRoutes.suppression,
      summary: 'Remove an address added by hand (owner and managers)',
      tags,
      request: { params: emailParams },
      responses: envelope(z.object({ email: z.string() })),
    }),
    async (c) =>
      ok(c, await suppressions.removeSuppression(context(c), c.req.valid('param').email)),
  );

  return router;
}
