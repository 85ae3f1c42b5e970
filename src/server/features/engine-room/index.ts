// The engine room (docs/product/screens.md#engine-room) as the app mounts it.

export { createEngineRoomRoutes } from './engine-room.routes.ts';
