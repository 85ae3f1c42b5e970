import { MetaApiError } from '#server/integrations/meta/errors.ts';

// How a platform flow ends: an outcome, or one of the errors below, which the failure step
// (failure.ts) turns into the post's next state.

export type Outcome =
  | {
      kind: 'published';
      externalId: string | null;
      permalink: string | null;
      /** Why the link could not be read (the post is out; the link is a convenience). */
      linkError?: unknown;
    }
  | { kind: 'waiting'; containerId: string; delayMs: number };

/** Thrown when the commit call was sent and no answer came back. */
export class UnknownOutcome extends Error {
  constructor(cause: unknown) {
    super('The platform did not answer after the post was sent', { cause });
  }
}

/**
 * Thrown instead of sending the commit call when this attempt's claim would run out before the
 * platform's answer could arrive: the sweeper may by then have handed the post to reconcile,
 * which would not see a post still on its way and let it be sent again (docs/decisions/089).
 */
export class LeaseEnding extends Error {
  constructor() {
    super('The claim on the post ends before the platform could answer');
  }
}

/** Thrown for a failure that no retry can fix, with the reason the owner reads. */
export class FinalFailure extends Error {
  constructor(
    readonly reason: string,
    readonly code: string,
  ) {
    super(reason);
  }
}

/** The one call that makes the post public: a lost answer is an unknown outcome. */
export async function commit<T>(call: () => Promise<T>, beforeCommit: () => void): Promise<T> {
  beforeCommit();
  try {
    return await call();
  } catch (error) {
    if (error instanceof MetaApiError && error.details.httpStatus === 0) {
      throw new UnknownOutcome(error);
    }
    throw error;
  }
}
