import type { MiddlewareHandler } from 'hono';
import { AppError } from '#shared/errors/index.ts';
import { tenantScope } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import type { AppEnv } from '#server/platform/http/context.ts';
import { actorOf } from '../auth/auth.middleware.ts';
import { describeEntitlements, entitlementsOf, grants } from '../subscription/entitlements.ts';

// The e-mail add-on (docs/product/roles-and-plans.md#features-by-plan): every route of campaign
// e-mails and of the suppression list answers FEATURE_NOT_AVAILABLE without it, before reading
// the request's input.

export function requireEmailMarketing(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const actor = actorOf(c);
    const plan = await withTenant(deps.database, tenantScope(actor), (tx) =>
      entitlementsOf(tx, actor.tenantId),
    );
    if (!grants(plan, 'email-marketing')) {
      throw AppError.from('FEATURE_NOT_AVAILABLE', {
        technicalMessage: `email marketing is not in ${actor.tenantId}'s plan (${describeEntitlements(plan)})`,
        details: { feature: 'email-marketing' },
      });
    }
    await next();
  };
}
