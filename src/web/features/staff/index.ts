// The staff feature's public entry: what other features may use (src/web/README.md).
export { staffApi, staffKeys } from './api/staff-api.ts';
export { actorCan, useActor, useActorCan, useCan } from './api/use-actor.ts';
