import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { verifySignedRequest } from '#server/integrations/meta/signatures.ts';
import { completeDeletionRequest, createDeletionRequest } from '../account/deletion-requests.ts';
import { metaRuntime } from './meta-runtime.ts';
import * as repo from './platforms.repository.ts';
import { platformConnections, platformOauthStates } from './platforms.tables.ts';

// Meta's deauthorize and data-deletion callbacks
// (docs/product/meta-platform.md#deauthorize-and-data-deletion). Both verify the signed_request
// with the app secret (or the Instagram app secret), delete what we hold for that Meta user, and
// answer { url, confirmation_code }; the url is the public status page.

export type MetaCallbackKind = 'deauthorize' | 'data_deletion';

export interface MetaCallbackAnswer {
  url: string;
  confirmation_code: string;
}

/** null when the request is not signed by Meta for this app. */
export async function handleMetaCallback(
  deps: AppDeps,
  kind: MetaCallbackKind,
  signedRequest: string | undefined,
): Promise<MetaCallbackAnswer | null> {
  if (!signedRequest) return null;
  const payload = verifySignedRequest(signedRequest, metaRuntime(deps).signingSecrets);
  if (!payload) return null;
  const { code } = await createDeletionRequest(deps.database, { kind: 'meta_data_deletion' });
  const tenants = await repo.unsafeTenantsOfMetaUser(deps.database.unsafeDb, payload.user_id);
  const now = new Date();
  for (const tenantId of tenants) {
    // Each tenant's rows are changed under that tenant's own scope, so row-level security applies.
    await withTenant(deps.database, { userId: tenantId, tenantId }, async (tx) => {
      const mine = and(
        eq(platformConnections.userId, tenantId),
        eq(platformConnections.metaUserId, payload.user_id),
      );
      if (kind === 'data_deletion') {
        await tx.delete(platformConnections).where(mine);
      } else {
        // The app was removed: the tokens are gone for good; the rows stay so the person sees
        // which accounts need reconnecting, with their history and posts.
        await tx
          .update(platformConnections)
          .set({
            accessToken: '',
            health: 'revoked',
            grantedScopes: [],
            lastError: 'The app was removed on Meta',
            updatedAt: now,
          })
          .where(mine);
      }
      await tx
        .update(platformOauthStates)
        .set({ grant: null, status: 'failed' })
        .where(eq(platformOauthStates.userId, tenantId));
    });
  }
  await completeDeletionRequest(deps.database, code);
  deps.logger.info(
    { kind, metaUserId: payload.user_id, tenants: tenants.length, code },
    'meta callback handled',
  );
  return {
    url: `${deps.env.appUrl}/deletion-confirmation?id=${encodeURIComponent(code)}`,
    confirmation_code: code,
  };
}
