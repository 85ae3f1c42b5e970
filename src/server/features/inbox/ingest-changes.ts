import type { Tx } from '#server/platform/db/client.ts';
import * as repo from './inbox-ingest.repository.ts';
import { sentimentOf } from './sentiment.ts';

// A change to a stored item (docs/product/meta-platform.md#webhook-payloads: Facebook's feed
// verbs edited, remove, hide and unhide; a message unsent (`is_deleted`), edited or read). Each
// carries the platform's time of the event, so an older edit arriving after a newer one does not
// undo it, and a removal stays a removal.

export interface InboxChange {
  verb: 'edited' | 'remove' | 'hide' | 'unhide' | 'unsend' | 'read';
  /** The new text (edited). */
  text?: string;
  /** Read watermark (read by watermark). */
  upTo?: string;
  /** Platform time of the change (ISO). */
  at?: string;
}

/** Applies `change` to `row` and answers the row as it is now. */
export async function applyChange(
  tx: Tx,
  row: repo.ItemRow,
  change: InboxChange,
): Promise<repo.ItemRow> {
  const at = change.at ? new Date(change.at) : new Date();
  let set: Partial<repo.ItemRow> = {};
  switch (change.verb) {
    case 'edited':
      if (typeof change.text !== 'string' || (row.editedAt && row.editedAt > at)) return row;
      set = {
        text: change.text,
        editedAt: at,
        ...(row.direction === 'in' ? { sentiment: sentimentOf(change.text) } : {}),
      };
      break;
    case 'remove':
    case 'unsend':
      if (row.deletedAt) return row;
      set = { deletedAt: at };
      break;
    case 'hide':
      set = { hidden: true, hiddenBy: row.hiddenBy ?? 'platform' };
      break;
    case 'unhide':
      set = { hidden: false, hiddenBy: null };
      break;
    case 'read':
      await repo.markReadUpTo(
        tx,
        row.threadId,
        change.upTo ? new Date(change.upTo) : row.sentAt,
        at,
      );
      return row;
  }
  await repo.updateItem(tx, row.id, set);
  return { ...row, ...set };
}
