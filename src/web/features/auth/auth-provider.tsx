import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthSession, SignInInput, SignUpInput } from '#shared/contracts/auth.contract.ts';
import { AppError, normalizeError, type AppErrorRecord } from '#shared/errors/index.ts';
import { accountApi, accountKeys } from '../account/api/account-api.ts';
import { authApi } from './api/auth-api.ts';
import {
  AuthContext,
  type AuthContextValue,
  type AuthEvent,
  type AuthEventListener,
  type AccountStatus,
  type SignOutReason,
} from './auth-context.ts';
import {
  monotonicNow,
  sessionRemainingMs,
  startSessionRefreshTimer,
} from './lib/session-refresh.ts';

/** Seed §4/§9: the business profile and subscription are fetched 100 ms after a session change. */
export const POST_LOGIN_FETCH_DELAY_MS = 100;

interface CoreState {
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

type CoreAction =
  | { type: 'initialised'; session: AuthSession | null; error?: AppErrorRecord | null }
  | { type: 'session-changed'; event: AuthEvent; session: AuthSession }
  | { type: 'signed-out'; reason: SignOutReason }
  | { type: 'event'; event: AuthEvent }
  | { type: 'error'; error: AppErrorRecord };

function reducer(state: CoreState, action: CoreAction): CoreState {
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
      // Seed §4: on a session change the user and session are set and the error is cleared.
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

const initialCore: CoreState = {
  status: 'loading',
  session: null,
  receivedAt: 0,
  arrival: 0,
  error: null,
  lastEvent: null,
  signOutReason: null,
};

function isUnauthorized(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  return (
    error.record.code === 'UNAUTHORIZED' ||
    error.record.code === 'AUTH_SESSION_ERROR' ||
    error.record.details?.['status'] === 401
  );
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [core, dispatch] = useReducer(reducer, initialCore);
  const listeners = useRef(new Set<AuthEventListener>());
  const userId = core.session?.user.id ?? null;

  const emit = useCallback((event: AuthEvent, session: AuthSession | null) => {
    for (const listener of listeners.current) {
      try {
        listener(event, session);
      } catch (error) {
        console.error('An auth event listener failed', error);
      }
    }
  }, []);

  const changeSession = useCallback(
    (event: AuthEvent, session: AuthSession) => {
      dispatch({ type: 'session-changed', event, session });
      emit(event, session);
    },
    [emit],
  );

  const clearSession = useCallback(
    (reason: SignOutReason) => {
      // Seed §4: sign-out clears user, session, profile, subscription and add-ons. Every cached
      // query belongs to the user who left, so the whole cache goes.
      dispatch({ type: 'signed-out', reason });
      queryClient.clear();
      emit('signed-out', null);
    },
    [emit, queryClient],
  );

  // The session cookie may already be there (a reload, the e-mail confirmation redirect).
  useEffect(() => {
    const controller = new AbortController();
    authApi
      .getSession(controller.signal)
      .then((session) => dispatch({ type: 'initialised', session }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Treated as signed out; the record stays in state (and the error log) for diagnosis.
        dispatch({ type: 'initialised', session: null, error: normalizeError(error) });
      });
    return () => controller.abort();
  }, []);

  // Seed §4: 100 ms after the session changes, fetch the business profile and subscription.
  const [accountReadyFor, setAccountReadyFor] = useState(0);
  const { arrival } = core;
  useEffect(() => {
    if (!userId) return;
    const timer = setTimeout(() => {
      // Data cached for this user before (a second sign-in) is fetched again, not trusted.
      void queryClient.invalidateQueries({
        queryKey: [...accountKeys.all, userId],
        refetchType: 'none',
      });
      setAccountReadyFor(arrival);
    }, POST_LOGIN_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, arrival, queryClient]);
  const accountEnabled = userId !== null && accountReadyFor === arrival;

  const businessProfileQuery = useQuery({
    queryKey: accountKeys.businessProfile(userId ?? 'none'),
    queryFn: ({ signal }) => accountApi.getBusinessProfile(signal),
    enabled: accountEnabled,
  });
  const subscriptionQuery = useQuery({
    queryKey: accountKeys.subscription(userId ?? 'none'),
    queryFn: ({ signal }) => accountApi.getSubscription(signal),
    enabled: accountEnabled,
  });

  const subscriptionError = subscriptionQuery.error;
  const businessProfileError = businessProfileQuery.error;
  useEffect(() => {
    // A rejected session cookie on the account calls means the session is gone.
    if (isUnauthorized(subscriptionError) || isUnauthorized(businessProfileError))
      clearSession('expired');
  }, [subscriptionError, businessProfileError, clearSession]);

  // Seed §9: refresh the session when 3 ticks (90 s) or fewer remain.
  const { session, receivedAt } = core;
  useEffect(() => {
    if (!session) return;
    return startSessionRefreshTimer({
      remainingMs: () => sessionRemainingMs(session.expiresIn, receivedAt, monotonicNow()),
      refresh: async () => {
        try {
          changeSession('token-refreshed', await authApi.refresh());
        } catch (error) {
          if (isUnauthorized(error)) clearSession('expired');
          else dispatch({ type: 'error', error: normalizeError(error) });
        }
      },
    });
  }, [session, receivedAt, changeSession, clearSession]);

  const signIn = useCallback(
    async (input: SignInInput) => {
      try {
        const next = await authApi.signIn(input);
        // With two-factor authentication the password alone opens no session yet.
        if ('mfaRequired' in next) return next;
        changeSession('signed-in', next);
        return next;
      } catch (error) {
        // Seed §8: sign-in failures are stored as the error and returned to the caller.
        dispatch({ type: 'error', error: normalizeError(error) });
        throw error;
      }
    },
    [changeSession],
  );

  const verifyMfa = useCallback(
    async (challengeToken: string, code: string) => {
      try {
        const next = await authApi.verifyMfa(challengeToken, code);
        changeSession('mfa-verified', next);
        return next;
      } catch (error) {
        dispatch({ type: 'error', error: normalizeError(error) });
        throw error;
      }
    },
    [changeSession],
  );

  const signUp = useCallback(async (input: SignUpInput) => {
    try {
      return await authApi.signUp(input);
    } catch (error) {
      dispatch({ type: 'error', error: normalizeError(error) });
      throw error;
    }
  }, []);

  const signOut = useCallback(async () => {
    try {
      await authApi.signOut();
    } finally {
      // Even if the server could not be reached, this tab forgets the user.
      clearSession('user');
    }
  }, [clearSession]);

  const refreshSession = useCallback(async () => {
    try {
      changeSession('token-refreshed', await authApi.refresh());
    } catch (error) {
      if (isUnauthorized(error)) clearSession('expired');
      throw error;
    }
  }, [changeSession, clearSession]);

  const reloadAccount = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
  }, [queryClient]);

  const notifyPasswordRecovery = useCallback(() => {
    dispatch({ type: 'event', event: 'password-recovery' });
    emit('password-recovery', null);
  }, [emit]);

  const onAuthEvent = useCallback((listener: AuthEventListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  let accountStatus: AccountStatus = 'idle';
  if (userId) {
    if (!accountEnabled || subscriptionQuery.isPending) {
      accountStatus = subscriptionQuery.isError ? 'error' : 'loading';
    } else if (subscriptionQuery.isError) {
      accountStatus = 'error';
    } else {
      accountStatus = 'ready';
    }
  }

  const signedIn = core.session !== null;
  const subscription = signedIn ? (subscriptionQuery.data ?? null) : null;
  const businessProfile = signedIn ? (businessProfileQuery.data ?? null) : null;

  const value = useMemo<AuthContextValue>(
    () => ({
      status: core.status,
      user: core.session?.user ?? null,
      session: core.session,
      error: core.error,
      businessProfile,
      subscription,
      addons: subscription?.addons ?? [],
      accountStatus,
      lastEvent: core.lastEvent,
      signOutReason: core.signOutReason,
      signIn,
      verifyMfa,
      signUp,
      signOut,
      refreshSession,
      reloadAccount,
      notifyPasswordRecovery,
      onAuthEvent,
    }),
    [
      core,
      businessProfile,
      subscription,
      accountStatus,
      signIn,
      verifyMfa,
      signUp,
      signOut,
      refreshSession,
      reloadAccount,
      notifyPasswordRecovery,
      onAuthEvent,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
