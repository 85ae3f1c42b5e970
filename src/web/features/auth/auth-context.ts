import { createContext, useContext } from 'react';
import type {
  AuthSession,
  AuthUser,
  SignInInput,
  SignUpInput,
  SignUpResult,
} from '#shared/contracts/auth.contract.ts';
import type { BusinessProfile, Subscription } from '#shared/contracts/account.contract.ts';
import type { MfaChallenge } from '#shared/contracts/account-security.contract.ts';
import type { AddonId } from '#shared/plans.ts';
import type { AppErrorRecord } from '#shared/errors/index.ts';

/** docs/product/entities.md#session-events: the session moves through these events. */
export const AUTH_EVENTS = [
  'signed-in',
  'token-refreshed',
  'signed-out',
  'password-recovery',
  'user-updated',
  'mfa-verified',
] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];
export type AuthEventListener = (event: AuthEvent, session: AuthSession | null) => void;

/** docs/product/entities.md#auth-states: authentication is loading, then initialised. */
export type AuthStatus = 'loading' | 'initialised';

/**
 * Profile and subscription arrive after the session (docs/product/entities.md#auth-states: 100 ms
 * later); the guard waits for them because the subscription decides whether the dashboard opens at
 * all.
 */
export type AccountStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Why the last sign-out happened: a user who chose to leave is not told to log in again. */
export type SignOutReason = 'user' | 'expired';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  session: AuthSession | null;
  error: AppErrorRecord | null;
  businessProfile: BusinessProfile | null;
  subscription: Subscription | null;
  addons: AddonId[];
  accountStatus: AccountStatus;
  lastEvent: AuthEvent | null;
  signOutReason: SignOutReason | null;
}

export interface AuthActions {
  /** A session, or a challenge when the account has two-factor authentication on. */
  signIn(input: SignInInput): Promise<AuthSession | MfaChallenge>;
  /** Answers a sign-in challenge with an authenticator or backup code. */
  verifyMfa(challengeToken: string, code: string): Promise<AuthSession>;
  signUp(input: SignUpInput): Promise<SignUpResult>;
  signOut(): Promise<void>;
  /** Asks the server for a fresh session now (the timer does this by itself near expiry). */
  refreshSession(): Promise<void>;
  /** Re-reads business profile and subscription, e.g. after settings or billing changed them. */
  reloadAccount(): Promise<void>;
  /** Tells listeners a password-recovery link is being used (the reset page). */
  notifyPasswordRecovery(): void;
  onAuthEvent(listener: AuthEventListener): () => void;
}

export type AuthContextValue = AuthState & AuthActions;

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * Who is signed in, for query keys that carry the user id: null when nobody is. Unlike useAuth it
 * reads no further than the id, and answers null outside the provider.
 */
export function useUserId(): string | null {
  return useContext(AuthContext)?.user?.id ?? null;
}
