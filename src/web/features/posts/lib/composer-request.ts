import type { PostTargetInput, PostType, SavePostInput } from '#shared/contracts/posts.contract.ts';
import type { ComposerTarget, ComposerValues, SaveIntent } from './composer-model.ts';
import { instantOf } from './event-form.ts';

// What the composer sends in its one request (POST /api/posts, PUT /api/posts/{id},
// docs/decisions/087): the post's fields, every account with its format, media and first
// comment, in the order chosen (the server names a refused account by that order), and what to
// do with it.

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

/** The first comment a target is sent with: none on a story, which takes no comments. */
export function firstCommentFor(
  target: ComposerTarget,
  values: Pick<ComposerValues, 'firstComment'>,
) {
  const firstComment = values.firstComment.trim();
  return firstComment && target.format !== 'story' ? firstComment : null;
}

export function targetsInput(values: ComposerValues): PostTargetInput[] {
  return values.targets.map((t) => ({
    connection_id: t.connectionId,
    format: t.format,
    media_ids: [...values.mediaIds],
    first_comment: firstCommentFor(t, values),
  }));
}

/** The body of the save: a post (or an AI-generated one, which stays so) and its accounts. */
export function saveBody(
  values: ComposerValues,
  intent: SaveIntent,
  options: { type: PostType; timeZone: string },
): SavePostInput {
  return {
    post: {
      title: titleFor(values),
      content: values.content.trim() ? values.content : null,
      scheduled_for: instantOf(values, options.timeZone)?.toISOString() ?? null,
      type: options.type,
    },
    targets: targetsInput(values),
    intent,
  };
}
