import type { Contact } from '#shared/contracts/audience.contract.ts';
import type { audienceContacts } from './audience.tables.ts';

// A contact row as the API shows it (shared/contracts/audience.contract.ts contactSchema), for
// the contact list and detail and for a segment's sample.

export function toContact(row: typeof audienceContacts.$inferSelect): Contact {
  return {
    id: row.id,
    name: row.name,
    handle: row.handle,
    pictureUrl: row.pictureUrl,
    email: row.email,
    phone: row.phone,
    location: row.location,
    tags: row.tags,
    stage: row.stage,
    consent: row.consent,
    consentSource: row.consentSource,
    platforms: row.platforms as Contact['platforms'],
    firstInteractionAt: row.firstInteractionAt?.toISOString() ?? null,
    lastInteractionAt: row.lastInteractionAt?.toISOString() ?? null,
    commentCount: row.commentCount,
    messageCount: row.messageCount,
    sentiment: row.sentiment,
    source: row.source,
    ownerId: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
