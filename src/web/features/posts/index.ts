// The posts feature's public entry: what other features may use (src/web/README.md). Everything
// about a post lives in this feature: the composer, the quick view (event dialog), the lifecycle
// rules, how a post looks, the addresses that open one, and the queries and mutations of the
// posts API with their keys.

// Queries, mutations and their keys.
export { postKeys } from './api/keys.ts';
export { useLiveInbox, useLiveStatus, type LiveInboxListener } from './api/live-status.ts';
export { useAiGeneratedPosts } from './api/use-ai-generated-posts.ts';
export { useEventsNeedingAttention } from './api/use-events-needing-attention.ts';
export { useInvalidatePosts } from './api/use-invalidate-posts.ts';
export { usePost } from './api/use-post.ts';
export { quotaLeftText, usePublishingQuota } from './api/use-publishing-quota.ts';
export { useReschedulePost } from './api/use-reschedule-post.ts';
export { useQueue, useQueueAction, type QueueAction } from './api/use-queue.ts';
export { useUpcomingEvents } from './api/use-upcoming-posts.ts';

// What the calendar mounts: the composer (opened by address) and the quick view.
export {
  ComposerHost,
  preloadComposer,
  withComposer,
} from './components/composer/composer-host.tsx';
export { MediaPicker } from './components/composer/media-picker.tsx';
export type { ComposerPrefill } from './components/composer/composer-props.ts';
export { EventDialog, type EventDialogState } from './components/event-dialog/event-dialog.tsx';

// The date and time fields of a post, in the business time zone.
export { DateTimeFields } from './components/date-time-fields.tsx';

// How a post looks: platform colours, status icons and words.
export {
  NO_PLATFORM_STRIPE,
  PLATFORM_STYLES,
  PlatformStripe,
  STATUS_STYLES,
  StatusIcon,
  platformNames,
  statusLabel,
} from './components/event-style.tsx';

// Rules, links and permissions.
export { newEventValues, type EventFormValues } from './lib/event-form.ts';
export { calendarLinkFor, composerLinkFor, EVENT_PARAM } from './lib/links.ts';
export {
  canMove,
  choosableStatuses,
  opensInComposer,
  STATUS_LABELS,
  TYPE_LABELS,
} from './lib/post-rules.ts';
export { usePostPermissions } from './lib/use-post-permissions.ts';
export { useBestSlots } from './api/use-best-slots.ts';
