import type { CalendarEvent, Delivery, Post } from '#shared/contracts/posts.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import type { DeliveryRow, ListedDelivery } from './deliveries.repository.ts';
import type { EventRow } from './posts.repository.ts';

// Rows as the API answers them: the event fields (docs/product/entities.md#calendar_events) and
// the one delivery shape (deliverySchema) that every endpoint listing deliveries uses.

export function toEventDto(
  row: Pick<
    EventRow,
    | 'id'
    | 'userId'
    | 'title'
    | 'content'
    | 'platforms'
    | 'type'
    | 'status'
    | 'scheduledFor'
    | 'createdAt'
    | 'updatedAt'
  >,
): CalendarEvent {
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    content: row.content,
    platforms: row.platforms,
    type: row.type,
    status: row.status,
    scheduled_for: row.scheduledFor?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The row keeps feed, reel or story; post and carousel are a feed row with one or more files. */
export function rowFormat(format: TargetFormat): DeliveryRow['format'] {
  return format === 'reel' || format === 'story' ? format : 'feed';
}

/** The composer's format of a stored row: a feed row is a post, or a carousel of several files. */
export function targetFormat(row: Pick<DeliveryRow, 'format' | 'mediaIds'>): TargetFormat {
  if (row.format === 'reel' || row.format === 'story') return row.format;
  return row.mediaIds.length > 1 ? 'carousel' : 'post';
}

export function toDeliveryDto(row: DeliveryRow, accountName: string | null): Delivery {
  return {
    id: row.id,
    connection_id: row.connectionId,
    platform: row.platform,
    account_name: accountName,
    format: targetFormat(row),
    media_ids: row.mediaIds,
    first_comment: row.firstComment,
    status: row.status,
    scheduled_for: row.scheduledFor?.toISOString() ?? null,
    external_id: row.externalId,
    permalink: row.permalink,
    attempts: row.attempts,
    last_error: row.lastError,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toPostDto(event: EventRow, deliveries: readonly ListedDelivery[]): Post {
  return {
    ...toEventDto(event),
    deliveries: deliveries.map((d) => toDeliveryDto(d.post, d.accountName)),
  };
}

/** The event fields of a post, without its deliveries (the calendar's answers). */
export function eventOf(post: Post): CalendarEvent {
  const { deliveries: _deliveries, ...event } = post;
  return event;
}
