import { mediaRoutes } from '#shared/contracts/media.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import type { PostPagesOptions } from '#simulators/meta-graph/simulator.ts';
import { actorRequestOf, resolveActor } from '../auth/actor.ts';
import { authService } from '../auth/auth.service.ts';
import { publicMediaGrant } from '../publishing/media-urls.ts';
import { membershipCache } from '../staff/membership.ts';

// Who may open a simulated post's page in demo mode, and where its media load from
// (docs/decisions/058). A business's simulated world is keyed by its account id (decision 057),
// so the page of a post is shown to a person signed in to that business (any role: everyone who
// may read its calendar) and to nobody else. Media come from the library's own file route, which
// checks the session and row-level security again; never from the address Meta was sent.

export function simulatedPostPages(deps: AppDeps, root: string): PostPagesOptions {
  return {
    root,
    async readerWorlds(c) {
      // Mounted inside the app, the simulator's requests carry the app's context.
      const resolved = await resolveActor(deps, authService(deps), actorRequestOf(c as AppContext));
      if (!resolved || resolved.refusal) return [];
      const { memberships } = await membershipCache(deps).facts(resolved.actor.userId);
      return memberships.map((m) => m.tenant_id);
    },
    mediaSource(url, worldKey) {
      const grant = publicMediaGrant(deps, url);
      if (!grant || grant.tenantId !== worldKey) return null;
      return mediaRoutes.file(grant.mediaId, grant.variant);
    },
  };
}
