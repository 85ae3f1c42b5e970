import { useQuery } from '@tanstack/react-query';
import type { ActorContext } from '#shared/contracts/staff.contract.ts';
import { can, type Permission } from '#shared/permissions.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { staffApi, staffKeys } from '../api/staff-api.ts';

// Who is acting, in which business, with which role: the server's answer, so the UI hides and
// disables exactly what the server would refuse (src/shared/permissions.ts on both sides).

export function useActor() {
  const { user } = useAuth();
  return useQuery({
    queryKey: staffKeys.me(user?.id ?? 'anonymous'),
    queryFn: ({ signal }) => staffApi.me(signal),
    enabled: Boolean(user),
  });
}

/**
 * Whether the actor holds `permission`. Until the answer arrives a signed-in person is taken for
 * the owner of their own business (what almost everyone is), so the owner's screens do not
 * flicker; administrator-only items wait for the answer.
 */
export function actorCan(actor: ActorContext | undefined, permission: Permission): boolean {
  if (!actor) return can({ tenantRole: 'owner', isAdmin: false }, permission);
  return can({ tenantRole: actor.tenant_role, isAdmin: actor.is_admin }, permission);
}

export function useCan(permission: Permission): boolean {
  return actorCan(useActor().data, permission);
}
