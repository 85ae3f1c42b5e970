import { PLANS } from './plans.ts';

// File sizes as the media library, the upload checks and their messages say them, the same in
// the browser and on the server.

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** "0 KB", "1 KB" (anything under a kilobyte), "340 KB", "4.2 MB", "1 GB": one decimal at most. */
export function formatBytes(bytes: number): string {
  const oneDecimal = (n: number) => `${Math.round(n * 10) / 10}`;
  if (bytes >= GB) return `${oneDecimal(bytes / GB)} GB`;
  if (bytes >= MB) return `${oneDecimal(bytes / MB)} MB`;
  if (bytes <= 0) return '0 KB';
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

/** The largest file a paid plan accepts. */
const LARGEST_PLAN_FILE = Math.max(
  ...Object.values(PLANS)
    .filter((plan) => plan.priceMonthly > 0)
    .map((plan) => plan.limits.mediaMaxFileBytes),
);

/**
 * Why a file over the plan's size limit is refused, and what to do instead. `size` is null when
 * only the bytes received so far are known (the upload was stopped at the limit).
 */
export function fileTooLargeMessage(size: number | null, maxBytes: number): string {
  const refusal =
    size === null
      ? `The file is larger than the ${formatBytes(maxBytes)} your plan accepts.`
      : `The file is ${formatBytes(size)}; your plan accepts files up to ${formatBytes(maxBytes)}.`;
  const upgradeHelps = LARGEST_PLAN_FILE > maxBytes && (size === null || size <= LARGEST_PLAN_FILE);
  return upgradeHelps
    ? `${refusal} Choose a smaller file, or upgrade your plan for files up to ${formatBytes(LARGEST_PLAN_FILE)}.`
    : `${refusal} Choose a smaller file: export the video at a lower bit rate or trim it.`;
}
