import type { Tx } from '#server/platform/db/client.ts';
import type { ContactChanges, ContactRow } from './contacts.repository.ts';
import { recordActivity, tagChanges } from './crm-activity.ts';
import { requireCrm } from './crm-gate.ts';

// A contact's stage and tags belong to the CRM add-on (docs/decisions/099-crm.md): the contact
// form's change of either needs the add-on and is recorded on the timeline, in the transaction of
// the change. A stage or tags sent as they already are is no change, so a form that sends every
// field keeps working without the add-on for the e-mail, phone, location and consent.

export async function applyCrmChanges(
  tx: Tx,
  actor: { tenantId: string; userId: string },
  current: ContactRow,
  changes: ContactChanges,
): Promise<void> {
  const stage =
    changes.stage !== undefined && changes.stage !== current.stage ? changes.stage : undefined;
  const tags = changes.tags === undefined ? undefined : tagChanges(current.tags, changes.tags);
  const tagsChanged = tags !== undefined && (tags.added.length > 0 || tags.removed.length > 0);
  if (stage === undefined) delete changes.stage;
  if (!tagsChanged) delete changes.tags;
  if (stage === undefined && !tagsChanged) return;
  await requireCrm(tx, actor.tenantId);
  const base = { tenantId: actor.tenantId, contactId: current.id, actorId: actor.userId };
  if (stage !== undefined) {
    await recordActivity(tx, { ...base, kind: 'stage', data: { from: current.stage, to: stage } });
  }
  if (tagsChanged) await recordActivity(tx, { ...base, kind: 'tags', data: tags });
}
