import type { MediaItem } from '#shared/contracts/media.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { checkComposer, composerNotices, type ComposerProblem } from '../../lib/composer-checks.ts';
import {
  platformsOf,
  textCounts,
  textPlatformsOf,
  type ComposerValues,
  type SaveIntent,
} from '../../lib/composer-model.ts';
import { instantOf } from '../../lib/event-form.ts';
import type { PreviewProps } from '../previews/preview-panel.tsx';

/** Rules that are only worth showing once the person tries to save. */
const AFTER_ATTEMPT = new Set(['title_required', 'targets_required', 'when_required']);

interface ViewInput {
  values: ComposerValues;
  connections: readonly Connection[];
  media: ReadonlyMap<string, MediaItem>;
  quotas: readonly AccountQuota[];
  blocked: SaveIntent | null;
  refused: readonly ComposerProblem[];
  timeZone: string;
}

/**
 * What the composer shows about the post as it stands: the checks (live, and those of a blocked
 * attempt), problems per account and per file, the text counts, and each account's preview.
 */
export function composerView({
  values,
  connections,
  media,
  quotas,
  blocked,
  refused,
  timeZone,
}: ViewInput) {
  const check = (intent: SaveIntent) =>
    checkComposer({ values, connections, media, quotas, intent, timeZone });
  const live = check(blocked ?? 'schedule');
  const shown = blocked ? live : live.filter((p) => !AFTER_ATTEMPT.has(p.rule));
  const problemCounts = new Map<string, number>();
  for (const p of [...shown, ...refused]) {
    if (p.connectionId)
      problemCounts.set(p.connectionId, (problemCounts.get(p.connectionId) ?? 0) + 1);
  }
  const fieldError = (field: ComposerProblem['field']) =>
    [...refused, ...(blocked ? live : [])].find((p) => p.field === field && !p.connectionId)
      ?.message;
  const flaggedMedia = new Set<string>();
  for (const p of [...shown, ...refused]) if (p.mediaId) flaggedMedia.add(p.mediaId);
  for (const [id, item] of media) {
    if (item.status === 'failed') flaggedMedia.add(id);
  }

  const platforms = platformsOf(values.targets, connections);
  // Counted against the platforms that publish the text: a story shows none.
  const textPlatforms = textPlatformsOf(values.targets, connections);
  const counts = textCounts(
    values.content,
    platforms.length > 0 ? textPlatforms : ['instagram', 'facebook'],
  );
  const instant = instantOf(values, timeZone);
  const whenText = instant ? formatDateTime(instant, timeZone) : null;
  const mediaItems = values.mediaIds
    .map((id) => media.get(id))
    .filter((m): m is MediaItem => m !== undefined);
  const previews: PreviewProps[] = values.targets.flatMap((t) => {
    const connection = connections.find((c) => c.id === t.connectionId);
    return connection
      ? [
          {
            connection,
            format: t.format,
            text: values.content,
            firstComment: values.firstComment,
            media: mediaItems,
            when: whenText,
          },
        ]
      : [];
  });

  return {
    check,
    shown,
    problemCounts,
    fieldError,
    flaggedMedia,
    platforms,
    counts,
    notices: composerNotices(values, connections),
    instant,
    mediaItems,
    previews,
  };
}

export type ComposerView = ReturnType<typeof composerView>;
