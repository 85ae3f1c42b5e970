import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInInput, SignUpInput } from '#shared/contracts/auth.contract.ts';
import { authApi } from './auth-api.ts';

// The auth provider's calls, through TanStack Query like every other call: the session cookie's
// answer when the app starts, and sign-in, two-factor, sign-up, sign-out and refresh.

export const authKeys = {
  /** "Who is signed in": asked before anyone is, so it carries no user id. */
  session: ['auth', 'session'] as const,
};

/**
 * The session the cookie already holds (a reload, the e-mail confirmation redirect), read once
 * while `enabled`: not retried, and not read again when sign-out clears the cache.
 */
export function useSessionQuery(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => authApi.getSession(signal),
    enabled,
    retry: false,
    staleTime: Infinity,
    // Treated as signed out; the provider keeps the record for diagnosis.
    meta: { handlesErrors: true },
  });
}

/**
 * The session's changes, each run as a mutation of the query client (its mutation cache) without
 * a hook per call, which keeps the first download of `/` as small as it was. Each caller shows or
 * stores its own errors.
 */
export function useSessionMutations() {
  const client = useQueryClient();
  return useMemo(() => {
    const run =
      <V, T>(mutationFn: (variables: V) => Promise<T>) =>
      (variables: V): Promise<T> =>
        client.getMutationCache().build(client, { mutationFn }).execute(variables);
    return {
      signIn: run((input: SignInInput) => authApi.signIn(input)),
      verifyMfa: run((input: { challengeToken: string; code: string }) =>
        authApi.verifyMfa(input.challengeToken, input.code),
      ),
      signUp: run((input: SignUpInput) => authApi.signUp(input)),
      signOut: run((_: void) => authApi.signOut()),
      refresh: run((_: void) => authApi.refresh()),
    };
  }, [client]);
}
