import type { ZodError } from 'zod';
import {
  audienceImportRoutes,
  importInputSchema,
  importPreviewInputSchema,
  importPreviewSchema,
  importResultSchema,
} from '#shared/contracts/audience-import.contract.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { validationHook } from '#server/platform/http/errors.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { WRITE } from './contacts.service.ts';
import { importContacts, previewImport } from './contacts-import.service.ts';

// /api/audience/contacts/import (docs/decisions/101-contacts-import.md): the preview of a CSV
// file with a mapping of its columns, and the import. The body may be larger than other API
// bodies (IMPORT_BODY_BYTES, applied in app.ts before the body is read). A viewer is refused
// before their file is looked at.

const tags = ['Audience'];

function permissionFirst(
  result: { success: true } | { success: false; error: ZodError; target?: string },
  c: AppContext,
) {
  if (!result.success && result.target === 'json') requireAccess(actorOf(c), WRITE);
  return validationHook(result, c);
}

export function createContactsImportRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/audience/*', requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'post',
      path: audienceImportRoutes.preview,
      summary: 'What importing a CSV file of contacts would do: mapping, first rows, every error',
      tags,
      request: { body: jsonBody(importPreviewInputSchema) },
      responses: envelope(importPreviewSchema),
    }),
    async (c) => ok(c, await previewImport(context(c), c.req.valid('json'))),
    permissionFirst as never,
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: audienceImportRoutes.import,
      summary: 'Import the contacts of a CSV file in one transaction (422 with invalid rows)',
      tags,
      request: { body: jsonBody(importInputSchema) },
      responses: envelope(importResultSchema),
    }),
    async (c) => ok(c, await importContacts(context(c), c.req.valid('json'))),
    permissionFirst as never,
  );

  return router;
}
