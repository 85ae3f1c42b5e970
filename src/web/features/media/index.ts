// The media library's public entry: what other features may use (src/web/README.md).
export { mediaApi, useMediaList, useStorageUsage, type MediaFilters } from './api/media-api.ts';
export { formatDuration, Thumbnail } from './components/media-collection.tsx';
export { useUploadQueue, type UploadEntry } from './lib/upload-queue.ts';
