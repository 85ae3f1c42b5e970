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
import { AppError, normalizeError } from '#shared/errors/index.ts';
import { accountApi, accountKeys } from '../account/index.ts';
import { useSessionMutations, useSessionQuery } from './api/use-session.ts';
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
import { initialCore, isUnauthorized, reducer } from './lib/session-state.ts';

/**
 * docs/product/entities.md#auth-states, docs/product/constants.md#accounts-and-plans: the business
 * profile and subscription are fetched 100 ms after a session change.
 */
export const POST_LOGIN_FETCH_DELAY_MS = 100;

async function nullWhenNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof AppError && error.record.code === 'NOT_FOUND') return null;
    throw error;
  }
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
      // docs/product/entities.md#auth-states: sign-out clears user, session, profile, subscription
      // and add-ons. Every cached query belongs to the user who left, so the whole cache goes.
      dispatch({ type: 'signed-out', reason });
      queryClient.clear();
      emit('signed-out', null);
    },
    [emit, queryClient],
  );

  // The session cookie may already be there (a reload, the e-mail confirmation redirect). Its
  // answer is taken once, when it arrives.
  const {
    signIn: signInCall,
    verifyMfa: verifyMfaCall,
    signUp: signUpCall,
    signOut: signOutCall,
    refresh,
  } = useSessionMutations();
  const initial = useSessionQuery(core.status === 'loading');
  const initialTaken = useRef(false);
  const { data: initialSession, error: initialError, status: initialStatus } = initial;
  useEffect(() => {
    if (initialTaken.current || initialStatus === 'pending') return;
    initialTaken.current = true;
    if (initialStatus === 'success') dispatch({ type: 'initialised', session: initialSession });
    // Treated as signed out; the record stays in state (and the error log) for diagnosis.
    else dispatch({ type: 'initialised', session: null, error: normalizeError(initialError) });
  }, [initialStatus, initialSession, initialError]);

  // docs/product/entities.md#auth-states: 100 ms after the session changes, fetch the business
  // profile and subscription.
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

  // Someone who joined a business by invitation and has not accepted yet acts in no business:
  // no profile or subscription to read, which is an answer, not an error (docs/decisions/035).
  const businessProfileQuery = useQuery({
    queryKey: accountKeys.businessProfile(userId ?? 'none'),
    queryFn: ({ signal }) => nullWhenNotFound(accountApi.getBusinessProfile(signal)),
    enabled: accountEnabled,
  });
  const subscriptionQuery = useQuery({
    queryKey: accountKeys.subscription(userId ?? 'none'),
    queryFn: ({ signal }) => nullWhenNotFound(accountApi.getSubscription(signal)),
    enabled: accountEnabled,
  });

  const subscriptionError = subscriptionQuery.error;
  const businessProfileError = businessProfileQuery.error;
  useEffect(() => {
    // A rejected session cookie on the account calls means the session is gone.
    if (isUnauthorized(subscriptionError) || isUnauthorized(businessProfileError))
      clearSession('expired');
  }, [subscriptionError, businessProfileError, clearSession]);

  // docs/product/constants.md#session-refresh: refresh the session when 3 ticks (90 s) or fewer
  // remain.
  const { session, receivedAt } = core;
  useEffect(() => {
    if (!session) return;
    return startSessionRefreshTimer({
      remainingMs: () => sessionRemainingMs(session.expiresIn, receivedAt, monotonicNow()),
      refresh: async () => {
        try {
          changeSession('token-refreshed', await refresh());
        } catch (error) {
          if (isUnauthorized(error)) clearSession('expired');
          else dispatch({ type: 'error', error: normalizeError(error) });
        }
      },
    });
  }, [session, receivedAt, changeSession, clearSession, refresh]);

  const signIn = useCallback(
    async (input: SignInInput) => {
      try {
        const next = await signInCall(input);
        // With two-factor authentication the password alone opens no session yet.
        if ('mfaRequired' in next) return next;
        changeSession('signed-in', next);
        return next;
      } catch (error) {
        // docs/product/errors.md#other-failure-handling: sign-in failures are stored as the error
        // and returned to the caller.
        dispatch({ type: 'error', error: normalizeError(error) });
        throw error;
      }
    },
    [changeSession, signInCall],
  );

  const verifyMfa = useCallback(
    async (challengeToken: string, code: string) => {
      try {
        const next = await verifyMfaCall({ challengeToken, code });
        changeSession('mfa-verified', next);
        return next;
      } catch (error) {
        dispatch({ type: 'error', error: normalizeError(error) });
        throw error;
      }
    },
    [changeSession, verifyMfaCall],
  );

  const signUp = useCallback(
    async (input: SignUpInput) => {
      try {
        return await signUpCall(input);
      } catch (error) {
        dispatch({ type: 'error', error: normalizeError(error) });
        throw error;
      }
    },
    [signUpCall],
  );

  const signOut = useCallback(async () => {
    try {
      await signOutCall();
    } finally {
      // Even if the server could not be reached, this tab forgets the user.
      clearSession('user');
    }
  }, [clearSession, signOutCall]);

  const refreshSession = useCallback(async () => {
    try {
      changeSession('token-refreshed', await refresh());
    } catch (error) {
      if (isUnauthorized(error)) clearSession('expired');
      throw error;
    }
  }, [changeSession, clearSession, refresh]);

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
