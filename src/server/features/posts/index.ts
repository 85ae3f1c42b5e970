// The posts feature as other features use it (docs/decisions/087). A post is a calendar_events
// row and its deliveries (platform_posts); this feature owns both tables, their statuses and
// every change to them. The calendar reads them (features/calendar), the publishing worker
// claims and settles deliveries (features/publishing), AI content saves its variants as posts.
// Nothing here imports those features.

export { calendarEvents, deliveryOfPost, platformPosts } from './posts.tables.ts';
export { findEventRow, type EventRow } from './posts.repository.ts';
export {
  listDeliveries,
  type DeliveryChanges,
  type DeliveryRow,
  type ListedDelivery,
} from './deliveries.repository.ts';
export { eventStatusFor, isLocked, refreshEventStatus, type PostStatus } from './post-statuses.ts';
export { eventOf, toDeliveryDto, toEventDto } from './posts.dto.ts';
export { requireFeature } from './validate-post.ts';

// Saving, reading, moving and deleting a post.
export { savePost, savePostFor, type SavePostCommand, type WriteIntent } from './save-post.ts';
// The same save in steps, for an operation that writes several posts in one transaction.
export {
  finishSaves,
  prepareSave,
  writePreparedSave,
  type PreparedSave,
  type PrepareOptions,
} from './save-post.ts';
export type { Written } from './write-post.ts';
export { problem, refusal, refusalFromZod, refusalProblems } from './post-refusal.ts';
export { getPost, getPostFor } from './read-post.ts';
export { reschedulePost, reschedulePostFor } from './reschedule-post.ts';
export { deletePost, deletePostFor } from './delete-post.ts';

// The jobs a save sends and the status messages it tells (the worker uses both).
export {
  dispatchAll,
  publishJobPayloadSchema,
  publishPostJob,
  type Due,
  type PublishJobPayload,
} from './dispatch.ts';
export {
  announceCommittedDelivery,
  announceDelivery,
  announceEvent,
  decodeNotice,
  encodeNotice,
  type LiveStatusNotice,
} from './post-notices.ts';

export { createPostsRoutes } from './posts.routes.ts';
