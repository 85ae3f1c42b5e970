import type { Tx } from '#server/platform/db/client.ts';
import { audienceActivities, type ContactActivityKind } from './crm.tables.ts';

// A contact's activity (docs/decisions/099-crm.md): what was done to it, written in the
// transaction of the change it records, so that the timeline never shows a change that did not
// happen nor misses one that did. The data by kind is what crm-timeline.ts reads back:
// stage { from, to }; owner { from, to } as user ids or null; tags { added, removed };
// merge { otherName }; import { source }; email { campaignName, event } (the e-mail sender's).

export interface ActivityInput {
  tenantId: string;
  contactId: string;
  /** Who did it; null for the system. */
  actorId: string | null;
  kind: ContactActivityKind;
  data: Record<string, unknown>;
}

export async function recordActivity(tx: Tx, activity: ActivityInput): Promise<void> {
  await tx.insert(audienceActivities).values({
    userId: activity.tenantId,
    contactId: activity.contactId,
    actorId: activity.actorId,
    kind: activity.kind,
    data: activity.data,
  });
}

/** The tags a change adds and removes; both empty when the set is the same. */
export function tagChanges(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } {
  return {
    added: after.filter((t) => !before.includes(t)),
    removed: before.filter((t) => !after.includes(t)),
  };
}
