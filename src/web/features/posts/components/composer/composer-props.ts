import type { Platform } from '#shared/contracts/account.contract.ts';
import type { Post } from '#shared/contracts/posts.contract.ts';
import type { ComposerValues, SaveIntent } from '../../lib/composer-model.ts';

export interface ComposerPermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
  schedule: boolean;
  publish: boolean;
}

/** What was typed for a new post before it reached the composer (the calendar's quick dialog). */
export interface ComposerPrefill {
  title: string;
  content: string;
  /** Its accounts are preselected from these platforms instead of the default ones. */
  platforms: Platform[];
}

export interface ComposerDialogProps {
  /** null: a new post. */
  eventId: string | null;
  /** Where a new post starts: the clicked slot, or the next hour. */
  start: ComposerValues;
  prefill?: ComposerPrefill | null | undefined;
  /**
   * A saved post planned at this date and time (an idea of the calendar's tray dropped on a day,
   * docs/decisions/078): the composer starts there, as an unsaved change.
   */
  planAt?: { date: string; time: string } | null | undefined;
  /**
   * The business's default platforms (settings): a new post starts with their connected
   * accounts chosen.
   */
  defaultPlatforms: readonly string[];
  timeZone: string;
  userId: string;
  permissions: ComposerPermissions;
  onClose(): void;
  /** After a successful save: the post as it is now. */
  onSaved(post: Post, intent: SaveIntent): void;
  /** Opens another post in the composer (the copy Duplicate made). */
  onOpenPost(id: string): void;
  /** "Add a note instead": the calendar's quick dialog at the same date and time. */
  onQuickNote?: ((start: { date: string; time: string }) => void) | undefined;
}
