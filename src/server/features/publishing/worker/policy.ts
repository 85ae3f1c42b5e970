import type { WorkerOptions } from './dispatcher.ts';

// The numbers of the publishing worker (docs/decisions/080, 089): back-off, attempts, lease,
// and how long the platform is waited for and asked.

/** Back-off of docs/product/constants.md#data-fetching-retries: 1 s doubling to 30 s. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
/** Attempts (platform calls that failed for a reason worth retrying) before a post fails. */
export const MAX_ATTEMPTS = 8;
/** How long reconcile keeps asking before it gives up on an unconfirmed post. */
export const RECONCILE_GIVE_UP_MS = 60 * 60_000;
/** A claimed post whose worker died: after this long it is treated as unconfirmed. */
export const STUCK_PUBLISHING_MS = 10 * 60_000;
/**
 * Instagram container polling (docs/product/meta-platform.md#instagram-container-status): images
 * soon, video less often, 10 min cap.
 */
export const CONTAINER_POLL_MS = { image: 3_000, video: 10_000 } as const;
export const CONTAINER_MAX_WAIT_MS = 10 * 60_000;
/** Reconcile tolerates this much clock difference between us and the platform. */
export const CLOCK_SLACK_MS = 2 * 60_000;

export function backoffMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

/** How long a claim lasts. */
export const leaseMsOf = (options: WorkerOptions) => options.leaseMs ?? STUCK_PUBLISHING_MS;

/**
 * The longest a request to the platform may take, answer included: the commit call goes out
 * only while the claim outlasts it (docs/decisions/089).
 */
export function requestWindowMs(requestTimeoutSeconds: number, options: WorkerOptions): number {
  return Math.min(requestTimeoutSeconds * 1000 + 5_000, leaseMsOf(options) / 2);
}

/** The clock of a step: the test's, or the wall clock. */
export const clockOf = (options: WorkerOptions): (() => Date) => options.now ?? (() => new Date());
