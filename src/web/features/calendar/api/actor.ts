import { useQuery } from '@tanstack/react-query';
import { staffRoutes, type ActorContext } from '#shared/contracts/staff.contract.ts';
import { can, type Permission } from '#shared/permissions.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * What the signed-in person may do to the calendar, from their role in the business they act
 * in. Until the role is known nothing is offered; the server checks every write regardless.
 */
export function useCalendarPermissions() {
  const query = useQuery({
    queryKey: ['staff', 'me'] as const,
    queryFn: ({ signal }) => api.get<ActorContext>(staffRoutes.me, { signal }),
    staleTime: 30_000,
    meta: { handlesErrors: true },
  });
  const check = (permission: Permission) =>
    query.data
      ? can({ tenantRole: query.data.tenant_role, isAdmin: query.data.is_admin }, permission)
      : false;
  return {
    known: query.data !== undefined,
    create: check('create:post'),
    update: check('update:post'),
    delete: check('delete:post'),
    schedule: check('schedule:post'),
    publish: check('publish:post'),
  };
}
