import { useActorCan } from '../../staff/index.ts';

export interface PostPermissions {
  /** Whether the server has said who is acting; nothing is offered until then. */
  known: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  schedule: boolean;
  publish: boolean;
}

/**
 * What the signed-in person may do to posts, from their role in the business they act in
 * (docs/decisions/074: viewers see no create, move, edit or delete). Until the role is known
 * nothing is offered; the server checks every write regardless.
 */
export function usePostPermissions(): PostPermissions {
  const { known, can } = useActorCan();
  return {
    known,
    create: known && can('create:post'),
    update: known && can('update:post'),
    delete: known && can('delete:post'),
    schedule: known && can('schedule:post'),
    publish: known && can('publish:post'),
  };
}
