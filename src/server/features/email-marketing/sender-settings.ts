import type { AppDeps } from '#server/platform/deps.ts';

// How the sender works (docs/decisions/100): the SMTP server (SMTP_URL; none keeps every message
// in the outbox), the business's rate (EMAIL_MARKETING_RATE_PER_MINUTE), how long a claim or the
// sender's lease lasts before it is presumed dead, and how long a soft bounce waits for its retry.
// Tests and the bench give a process other values (an SMTP server of their own, a short lease),
// and may drive the sender themselves (`manual`: the job then leaves the business alone).

export interface SenderSettings {
  smtpUrl: string | undefined;
  ratePerMinute: number;
  leaseSeconds: number;
  softRetrySeconds: number;
  /** The job does nothing; whoever set this runs runSender. */
  manual: boolean;
  /** Stops the sender at once, as if its process died: nothing more is written, nothing released. */
  signal?: AbortSignal;
}

export const DEFAULT_LEASE_SECONDS = 120;
export const DEFAULT_SOFT_RETRY_SECONDS = 300;

const overrides = new WeakMap<AppDeps, Partial<SenderSettings>>();

export function senderSettingsOf(deps: AppDeps): SenderSettings {
  return {
    smtpUrl: deps.env.SMTP_URL,
    ratePerMinute: deps.env.EMAIL_MARKETING_RATE_PER_MINUTE,
    leaseSeconds: DEFAULT_LEASE_SECONDS,
    softRetrySeconds: DEFAULT_SOFT_RETRY_SECONDS,
    manual: false,
    ...overrides.get(deps),
  };
}

/** Other settings for this process's sender (tests and the bench); undefined goes back to env. */
export function useSenderSettings(deps: AppDeps, settings: Partial<SenderSettings> | undefined) {
  if (settings) overrides.set(deps, settings);
  else overrides.delete(deps);
}
