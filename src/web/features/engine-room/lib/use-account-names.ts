import { useCallback } from 'react';
import { useConnections } from '../../platforms/index.ts';

/** The name of a connected account by its id, for the cards ("An account" when unknown). */
export function useAccountNames(): (connectionId: string) => string {
  const { data } = useConnections();
  return useCallback(
    (connectionId: string) => {
      const account = data?.find((c) => c.id === connectionId);
      if (!account) return 'An account';
      // A Page by its name, an Instagram account by its handle (as the platform shows them).
      return account.platform === 'instagram' && account.username
        ? `@${account.username}`
        : account.name;
    },
    [data],
  );
}
