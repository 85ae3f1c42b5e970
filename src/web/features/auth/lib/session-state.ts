import type { AuthSession } from '#shared/contracts/auth.contract.ts';
import { AppError, type AppErrorRecord } from '#shared/errors/index.ts';
import type { AuthEvent, SignOutReason } from '../auth-context.ts';
import { monotonicNow } from './session-refresh.ts';

// The session as the auth provider holds it (docs/product/entities.md#auth-states), and the moves
// between its states.

export interface CoreState {
  status: 'loading' | 'initialised';
  session: AuthSession | null;
  /** Monotonic time the current session arrived; the refresh timer counts from here. */
  receivedAt: number;
  /**
   * Bumped when a user arrives (initial session, sign-in), not on token refreshes: account data is
   * fetched once per arrival, POST_LOGIN_FETCH_DELAY_MS after it.
   */
  arrival: number;
  error: AppErrorRecord | null;
  lastEvent: AuthEvent | null;
  signOutReason: SignOutReason | null;
}

export type CoreAction =
  | { type: 'initialised'; session: AuthSession | null; error?: AppErrorRecord | null }
  | { type: 'session-changed'; event: AuthEvent; session: AuthSession }
  | { type: 'signed-out'; reason: SignOutReason }
  | { type: 'event'; event: AuthEvent }
  | { type: 'error'; error: AppErrorRecord };

export function reducer(state: CoreState, action: CoreAction): CoreState {
  switch (action.type) {
    case 'initialised':
      return {
        ...state,
        status: 'initialised',
        session: action.session,
        receivedAt: monotonicNow(),
        arrival: action.session ? state.arrival + 1 : state.arrival,
        error: action.error ?? null,
      };
    case 'session-changed':
      // docs/product/entities.md#auth-states: on a session change the user and session are set and
      // the error is cleared.
      return {
        ...state,
        status: 'initialised',
        session: action.session,
        receivedAt: monotonicNow(),
        arrival: action.event === 'token-refreshed' ? state.arrival : state.arrival + 1,
        error: null,
        lastEvent: action.event,
        signOutReason: null,
      };
    case 'signed-out':
      return {
        ...state,
        status: 'initialised',
        session: null,
        lastEvent: 'signed-out',
        signOutReason: action.reason,
      };
    case 'event':
      return { ...state, lastEvent: action.event };
    case 'error':
      return { ...state, error: action.error };
  }
}

export const initialCore: CoreState = {
  status: 'loading',
  session: null,
  receivedAt: 0,
  arrival: 0,
  error: null,
  lastEvent: null,
  signOutReason: null,
};

export function isUnauthorized(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  return (
    error.record.code === 'UNAUTHORIZED' ||
    error.record.code === 'AUTH_SESSION_ERROR' ||
    error.record.details?.['status'] === 401
  );
}
