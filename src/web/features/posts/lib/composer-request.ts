import type { Platform } from '#shared/contracts/account.contract.ts';
import type { SetTargetsInput } from '#shared/contracts/publishing.contract.ts';
import type { ComposerTarget, ComposerValues } from './composer-model.ts';
import { instantOf } from './event-form.ts';

// What the composer sends: the calendar event's fields and the targets
// (PUT /api/calendar-events/{id}/targets), as save-sequence.ts sends them.

/** The calendar event's title: the one typed, else the text's first line. */
export function titleFor(values: Pick<ComposerValues, 'title' | 'content'>): string {
  const typed = values.title.trim();
  if (typed) return typed;
  const line =
    values.content
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59).trimEnd()}…` : line;
}

export function eventFields(
  values: ComposerValues,
  platforms: Platform[],
  timeZone: string,
): { title: string; content: string | null; platforms: Platform[]; scheduled_for: string | null } {
  return {
    title: titleFor(values),
    content: values.content.trim() ? values.content : null,
    platforms,
    scheduled_for: instantOf(values, timeZone)?.toISOString() ?? null,
  };
}

/** The first comment a target is sent with: none on a story, which takes no comments. */
export function firstCommentFor(
  target: ComposerTarget,
  values: Pick<ComposerValues, 'firstComment'>,
) {
  const firstComment = values.firstComment.trim();
  return firstComment && target.format !== 'story' ? firstComment : null;
}

export function targetsInput(values: ComposerValues): SetTargetsInput {
  return {
    targets: values.targets.map((t) => ({
      connection_id: t.connectionId,
      format: t.format,
      media_ids: [...values.mediaIds],
      first_comment: firstCommentFor(t, values),
    })),
  };
}
