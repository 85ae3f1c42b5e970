import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { ComposerValues, SaveIntent } from '../../lib/composer-model.ts';

export interface ComposerPermissions {
  create: boolean;
  update: boolean;
  schedule: boolean;
  publish: boolean;
}

export interface ComposerDialogProps {
  /** null: a new post. */
  eventId: string | null;
  /** Where a new post starts: the clicked slot, or the next hour. */
  start: ComposerValues;
  timeZone: string;
  userId: string;
  permissions: ComposerPermissions;
  onClose(): void;
  /** After a successful save: the event as it is now. */
  onSaved(event: CalendarEvent, intent: SaveIntent): void;
  /** A new post got its id (saved once, though the whole save did not succeed). */
  onCreated(eventId: string): void;
  /** "Add a note instead": the calendar's quick dialog at the same date and time. */
  onQuickNote?: ((start: { date: string; time: string }) => void) | undefined;
}
