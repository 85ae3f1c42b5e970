import { z } from 'zod';
import type { ZodError } from 'zod';
import {
  audienceRoutes,
  contactDetailSchema,
  contactListQuerySchema,
  contactListSchema,
  contactRefreshSchema,
  mergeContactsInputSchema,
  splitContactInputSchema,
  updateContactInputSchema,
} from '#shared/contracts/audience.contract.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { validationHook } from '#server/platform/http/errors.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok, type RouteResponse } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { mergeContacts, splitContact } from './contacts-merge.ts';
import * as contacts from './contacts.service.ts';

// /api/audience/contacts (docs/product/screens.md#audience): the list and its CSV, a contact,
// what the business adds to it, deleting it, merging and splitting identities, and "Refresh".
// Every member reads; a change checks the person's permission before its input, so a viewer
// learns nothing of what they sent.

const tags = ['Audience'];
const uuid = z.uuid({ error: 'Not a valid id' });
const idParams = z.object({ id: uuid });
const csvQuerySchema = contactListQuerySchema.pick({ q: true, segmentId: true });

function permissionFirst(
  result: { success: true } | { success: false; error: ZodError; target?: string },
  c: AppContext,
) {
  if (!result.success && result.target === 'json') requireAccess(actorOf(c), contacts.WRITE);
  return validationHook(result, c);
}

export function createContactsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/audience/*', requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const id = (c: { req: { valid(t: 'param'): { id: string } } }) => c.req.valid('param').id;

  router.openapi(
    createRoute({
      method: 'get',
      path: audienceRoutes.contacts,
      summary: 'Contacts, by words or a segment, most recent interaction first, a page at a time',
      tags,
      request: { query: contactListQuerySchema },
      responses: envelope(contactListSchema),
    }),
    async (c) => ok(c, await contacts.listContacts(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: audienceRoutes.contactsCsv,
      summary: 'The contacts of the list or of a segment as CSV',
      tags,
      request: { query: csvQuerySchema },
      responses: {
        200: {
          description: 'One row per contact (RFC 4180)',
          content: { 'text/csv': { schema: z.string() } },
        },
        default: envelope(z.null()).default,
      },
    }),
    async (c) => {
      const out = await contacts.exportContactsCsv(context(c), c.req.valid('query'));
      return c.body(out.body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${out.fileName}"`,
        'Cache-Control': 'no-store',
      }) as RouteResponse;
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: audienceRoutes.refresh,
      summary: 'Make contacts of new inbox participants and recount every contact now',
      tags,
      responses: envelope(contactRefreshSchema),
    }),
    async (c) => ok(c, await contacts.refreshContacts(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: audienceRoutes.contact,
      summary: 'A contact with its identities and inbox threads, newest first',
      tags,
      request: { params: idParams },
      responses: envelope(contactDetailSchema),
    }),
    async (c) => ok(c, await contacts.getContact(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: audienceRoutes.contact,
      summary: 'E-mail, phone, location, tags, stage and consent of a contact',
      tags,
      request: { params: idParams, body: jsonBody(updateContactInputSchema) },
      responses: envelope(contactDetailSchema),
    }),
    async (c) => ok(c, await contacts.updateContact(context(c), id(c), c.req.valid('json'))),
    permissionFirst as never,
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: audienceRoutes.contact,
      summary: 'Delete a contact and what is held about them; the deletion is recorded',
      tags,
      request: { params: idParams },
      responses: envelope(z.object({ identities: z.int() })),
    }),
    async (c) => ok(c, await contacts.deleteContact(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: audienceRoutes.merge,
      summary: "Move another contact's identities to this one; the other contact goes",
      tags,
      request: { params: idParams, body: jsonBody(mergeContactsInputSchema) },
      responses: envelope(contactDetailSchema),
    }),
    async (c) => ok(c, await mergeContacts(context(c), id(c), c.req.valid('json'))),
    permissionFirst as never,
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: audienceRoutes.split,
      summary: 'One identity leaves for a contact of its own (answers the new contact)',
      tags,
      request: { params: idParams, body: jsonBody(splitContactInputSchema) },
      responses: envelope(contactDetailSchema, 201),
    }),
    async (c) => ok(c, await splitContact(context(c), id(c), c.req.valid('json')), 201),
    permissionFirst as never,
  );

  return router;
}
