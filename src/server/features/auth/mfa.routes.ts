import { z } from 'zod';
import {
  accountSecurityRoutes as paths,
  backupCodesSchema,
  enableMfaInputSchema,
  mfaSetupSchema,
  mfaStatusSchema,
  passwordConfirmationInputSchema,
} from '#shared/contracts/account-security.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from './auth.middleware.ts';
import { createMfaService } from './mfa.service.ts';

const tags = ['Two-factor authentication'];

export function createMfaRoutes(deps: AppDeps) {
  const router = createRouter();
  const mfa = createMfaService(deps);
  router.use(`${paths.mfa}/*`, requireActor);
  router.use(paths.mfa, requireActor);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: paths.mfa,
      summary: 'Whether two-factor authentication is on, and how many backup codes are left',
      tags,
      responses: envelope(mfaStatusSchema),
    }),
    async (c) => ok(c, await mfa.status(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: paths.mfaSetup,
      summary: 'Start enrolment: a new secret as a QR code and a key to type',
      tags,
      responses: envelope(mfaSetupSchema),
    }),
    async (c) => ok(c, await mfa.setup(context(c), c.get('session')?.email ?? '')),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: paths.mfaEnable,
      summary: 'Finish enrolment with a code; answers the backup codes once',
      tags,
      request: { body: jsonBody(enableMfaInputSchema) },
      responses: envelope(backupCodesSchema),
    }),
    async (c) => ok(c, await mfa.enable(context(c), c.req.valid('json').code)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: paths.mfaBackupCodes,
      summary: 'Replace the backup codes (password required); answers the new ones once',
      tags,
      request: { body: jsonBody(passwordConfirmationInputSchema) },
      responses: envelope(backupCodesSchema),
    }),
    async (c) => ok(c, await mfa.regenerateBackupCodes(context(c), c.req.valid('json').password)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: paths.mfaDisable,
      summary: 'Turn two-factor authentication off (password required)',
      tags,
      request: { body: jsonBody(passwordConfirmationInputSchema) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      await mfa.disable(context(c), c.req.valid('json').password);
      return ok(c, null);
    },
  );

  return router;
}
