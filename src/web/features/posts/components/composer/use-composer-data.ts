import { useMemo } from 'react';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { MAX_TARGET_MEDIA } from '#shared/contracts/publishing.contract.ts';
import { useStorageUsage, useUploadQueue } from '../../../media/index.ts';
import { useConnections } from '../../../platforms/index.ts';
import { useAttachedMedia, useRememberMedia } from '../../api/use-attached-media.ts';
import { usePublishingQuota } from '../../api/use-publishing-quota.ts';
import { adjustFormats, type ComposerValues } from '../../lib/composer-model.ts';
import type { ComposerAction } from './use-composer-state.ts';

/** New media order, with Instagram's post and carousel kept in step with the count. */
export function withMedia(
  v: ComposerValues,
  mediaIds: string[],
  connections: readonly Connection[],
): ComposerValues {
  return { ...v, mediaIds, targets: adjustFormats(v.targets, connections, mediaIds.length) };
}

/**
 * What the composer reads besides the post: the accounts, their quota (once one is chosen), the
 * attached library items, the storage allowance, and the uploads started here.
 */
export function useComposerData(values: ComposerValues, dispatch: (a: ComposerAction) => void) {
  const connectionsQuery = useConnections();
  const connections = useMemo(() => connectionsQuery.data ?? [], [connectionsQuery.data]);
  const quotasQuery = usePublishingQuota(values.targets.length > 0);
  const quotas = useMemo(() => quotasQuery.data ?? [], [quotasQuery.data]);
  const attached = useAttachedMedia(values.mediaIds);
  const usage = useStorageUsage();
  const rememberMedia = useRememberMedia();
  const uploads = useUploadQueue({
    maxFileBytes: usage.data?.max_file_bytes ?? 0,
    onUploaded: (item) => {
      rememberMedia([item]);
      dispatch({
        type: 'set-values',
        update: (v) =>
          v.mediaIds.length >= MAX_TARGET_MEDIA || v.mediaIds.includes(item.id)
            ? v
            : withMedia(v, [...v.mediaIds, item.id], connections),
      });
    },
  });
  return {
    connectionsQuery,
    connections,
    quotas,
    quotaLoading: quotasQuery.isFetching,
    attached,
    canUpload: usage.data?.can.upload ?? false,
    uploads,
    rememberMedia,
  };
}
