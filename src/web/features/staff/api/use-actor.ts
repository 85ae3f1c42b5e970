import { useQuery } from '@tanstack/react-query';
import type { ActorContext } from '#shared/contracts/staff.contract.ts';
import { can, type Permission } from '#shared/permissions.ts';
import { useUserId } from '../../auth/index.ts';
import { staffApi, staffKeys } from './staff-api.ts';

// Who is acting, in which business, with which role: the server's answer (GET /api/staff/me),
// so the UI hides and disables exactly what the server would refuse (src/shared/permissions.ts on
// both sides). The web app's one "who am I" about roles: one hook, one cache entry per user.

export function useActor() {
  const userId = useUserId();
  return useQuery({
    queryKey: staffKeys.me(userId ?? 'anonymous'),
    queryFn: ({ signal }) => staffApi.me(signal),
    // A role changed by the owner shows within half a minute on the next screen.
    staleTime: 30_000,
    // Every screen that needs the answer shows what happens without it.
    meta: { handlesErrors: true },
  });
}

/**
 * Whether the actor holds `permission`. Until the answer arrives a signed-in person is taken for
 * the owner of their own business (what almost everyone is), so the owner's screens do not
 * flicker; administrator-only items wait for the answer. Screens whose actions must match the
 * role from the first frame wait for `known` (useActorCan).
 */
export function actorCan(actor: ActorContext | undefined, permission: Permission): boolean {
  if (!actor) return can({ tenantRole: 'owner', isAdmin: false }, permission);
  return can({ tenantRole: actor.tenant_role, isAdmin: actor.is_admin }, permission);
}

export function useCan(permission: Permission): boolean {
  return actorCan(useActor().data, permission);
}

/** `can` with the default above, and whether the server has answered yet. */
export function useActorCan(): { known: boolean; can(permission: Permission): boolean } {
  const actor = useActor().data;
  return { known: actor !== undefined, can: (permission) => actorCan(actor, permission) };
}
