import { z } from 'zod';
import { TARGET_FORMATS } from '#shared/platform-limits.ts';
import { createStore, type Store } from '../../../lib/create-store.ts';
import type { ComposerValues } from './composer-model.ts';

// Nothing typed is lost (docs/product/screens.md#bad-input-and-errors: the composer keeps drafts
// locally until saved): what the composer holds that is not saved yet is written to this browser's
// storage, one entry per person and post ("new" for a post not saved once), and read back when the
// composer opens.

const PREFIX = 'socigen.composer.v1';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function draftKey(userId: string, eventId: string | null): string {
  return `${PREFIX}:${userId}:${eventId ?? 'new'}`;
}

const storedSchema = z.object({
  savedAt: z.string(),
  values: z.object({
    title: z.string(),
    content: z.string(),
    firstComment: z.string(),
    mediaIds: z.array(z.string()),
    targets: z.array(z.object({ connectionId: z.string(), format: z.enum(TARGET_FORMATS) })),
    date: z.string(),
    time: z.string(),
  }),
});
export type StoredDraft = z.infer<typeof storedSchema>;

/** The browser's storage, or null where it cannot be used (private modes, blocked storage). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The kept draft, or null when there is none or it cannot be read as one. */
export function readDraft(storage: DraftStorage | null, key: string): StoredDraft | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the values; false when the browser refused (storage full or blocked). */
export function writeDraft(
  storage: DraftStorage | null,
  key: string,
  values: ComposerValues,
  now: Date = new Date(),
): boolean {
  if (!storage) return false;
  try {
    const entry: StoredDraft = { savedAt: now.toISOString(), values };
    storage.setItem(key, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(storage: DraftStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: an entry that cannot be removed is replaced on the next save.
  }
}

export interface DraftKeeper {
  /** Whether the browser refused the last write (blocked or full storage); true without storage. */
  refused: Store<{ refused: boolean }>;
  keep(key: string, values: ComposerValues): void;
}

/**
 * Writes the composer's unsaved values and remembers whether the browser took them, so the
 * composer never says they are kept on this device when they are not.
 */
export function createDraftKeeper(storage: DraftStorage | null): DraftKeeper {
  const refused = createStore(() => ({ refused: storage === null }));
  return {
    refused,
    keep(key, values) {
      const kept = writeDraft(storage, key, values);
      if (refused.get().refused === kept) refused.set({ refused: !kept });
    },
  };
}
