import { z } from 'zod';
import { AppError } from '#shared/errors/index.ts';
import { profileSchema } from '#shared/contracts/account.contract.ts';
import {
  ACCOUNT_IMAGE_MAX_BYTES,
  accountOverviewSchema,
  accountSecurityRoutes as paths,
  accountSessionSchema,
  changeEmailInputSchema,
  changePasswordInputSchema,
  deleteAccountInputSchema,
  deletionRequestStatusSchema,
  signedOutCountSchema,
} from '#shared/contracts/account-security.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok, redirect } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import { IMAGE_CACHE_CONTROL } from './account-images.ts';
import { createAccountService, type AccountRequest } from './account.service.ts';
import { findDeletionRequest } from './deletion-requests.ts';

const tags = ['Account'];

/** The uploaded file of a multipart form, as bytes; refused before reading when too large. */
export async function uploadedFile(
  c: AppContext,
  maxBytes = ACCOUNT_IMAGE_MAX_BYTES,
): Promise<Buffer> {
  const message = 'Please choose an image to upload.';
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    throw AppError.from('UNSUPPORTED_MEDIA_TYPE', {
      technicalMessage: `Upload with content type ${type}`,
    });
  }
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch (error) {
    throw AppError.from('VALIDATION_ERROR', {
      userMessage: message,
      technicalMessage: `Unreadable form: ${(error as Error).message}`,
      details: { fieldErrors: { file: message } },
    });
  }
  const file = body['file'];
  if (!(file instanceof File) || file.size === 0) {
    throw AppError.from('VALIDATION_ERROR', {
      userMessage: message,
      details: { fieldErrors: { file: message } },
    });
  }
  if (file.size > maxBytes) {
    const tooLarge = 'The image must be 5 MB or smaller.';
    throw AppError.from('VALIDATION_ERROR', {
      userMessage: tooLarge,
      details: { fieldErrors: { file: tooLarge } },
    });
  }
  return Buffer.from(await file.arrayBuffer());
}

export function createAccountRoutes(deps: AppDeps) {
  const router = createRouter();
  const account = createAccountService();
  for (const path of [
    paths.account,
    paths.accountEmail,
    paths.accountPassword,
    paths.accountSessions,
    `${paths.accountSessions}/*`,
    paths.accountAvatar,
    paths.accountDelete,
    '/api/account-images/*',
  ]) {
    router.use(path, requireActor);
  }

  const request = (c: AppContext): AccountRequest => {
    const session = c.get('session');
    return {
      ctx: { deps, actor: actorOf(c) },
      sessionId: session?.sessionId ?? '',
      email: session?.email ?? '',
    };
  };

  router.openapi(
    createRoute({
      method: 'get',
      path: paths.account,
      summary: 'The sign-in address and any change waiting for confirmation',
      tags,
      responses: envelope(accountOverviewSchema),
    }),
    async (c) => ok(c, await account.overview(request(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: paths.accountEmail,
      summary: 'Change the sign-in address: a link is sent to the new one (password required)',
      tags,
      request: { body: jsonBody(changeEmailInputSchema) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      await account.requestEmailChange(request(c), c.req.valid('json'));
      return ok(c, null);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: paths.accountEmailConfirm,
      summary: 'Follow the link sent to a new address; redirects to the profile page',
      tags,
      request: { query: z.object({ token: z.string().max(200).optional() }) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      const { token } = c.req.valid('query');
      const moved = token ? await account.confirmEmailChange(deps, token) : false;
      return redirect(c, `/dashboard/profile?email=${moved ? 'changed' : 'invalid'}`);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: paths.accountPassword,
      summary: 'Change the password (current password required); other sessions end',
      tags,
      request: { body: jsonBody(changePasswordInputSchema) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      await account.changePassword(request(c), c.req.valid('json'));
      return ok(c, null);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: paths.accountSessions,
      summary: 'Where this account is signed in',
      tags,
      responses: envelope(z.array(accountSessionSchema)),
    }),
    async (c) => ok(c, await account.listSessions(request(c))),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: paths.accountSessions,
      summary: 'Sign out of every session but this one',
      tags,
      responses: envelope(signedOutCountSchema),
    }),
    async (c) => ok(c, { signedOut: await account.signOutOtherSessions(request(c)) }),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/api/account/sessions/{id}',
      summary: 'Sign out of one session',
      tags,
      request: { params: z.object({ id: z.uuid() }) },
      responses: envelope(z.object({ current: z.boolean() })),
    }),
    async (c) => {
      const current = await account.signOutSession(request(c), c.req.valid('param').id);
      if (current) clearSessionCookie(c);
      return ok(c, { current });
    },
  );

  // Multipart uploads: outside the JSON contract, documented by their summary.
  router.post(paths.accountAvatar, async (c) =>
    ok(c, profileSchema.parse(await account.setAvatar(request(c), await uploadedFile(c)))),
  );
  router.delete(paths.accountAvatar, async (c) => ok(c, await account.removeAvatar(request(c))));

  router.get('/api/account-images/:id', async (c) => {
    const id = c.req.param('id');
    if (!z.uuid().safeParse(id).success) {
      throw AppError.from('NOT_FOUND', { technicalMessage: `Bad image id ${id}` });
    }
    const image = await account.getImage(request(c).ctx, id);
    return c.body(new Uint8Array(image.content), 200, {
      'Content-Type': image.contentType,
      'Cache-Control': IMAGE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  router.openapi(
    createRoute({
      method: 'post',
      path: paths.accountDelete,
      summary: "Delete the account and its business's data (password required)",
      tags,
      request: { body: jsonBody(deleteAccountInputSchema) },
      responses: envelope(z.object({ code: z.string() })),
    }),
    async (c) => {
      const result = await account.deleteAccount(request(c), c.req.valid('json').password);
      clearSessionCookie(c);
      return ok(c, result);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/deletion-requests/{code}',
      summary: 'The status of a data deletion request, by its confirmation code (public)',
      tags,
      request: { params: z.object({ code: z.string().max(64) }) },
      responses: envelope(deletionRequestStatusSchema),
    }),
    async (c) => {
      const found = await findDeletionRequest(deps.database, c.req.valid('param').code);
      if (!found) {
        throw AppError.from('NOT_FOUND', { technicalMessage: 'Unknown deletion request code' });
      }
      return ok(c, {
        code: found.code,
        kind: found.kind,
        status: found.status,
        createdAt: found.createdAt.toISOString(),
        completedAt: found.completedAt?.toISOString() ?? null,
      });
    },
  );

  return router;
}
