import { useQueryClient } from '@tanstack/react-query';
import { postKeys } from './keys.ts';

/** Every list of posts (range, upcoming, attention…) and every delivery is stale after a write. */
export function useInvalidatePosts(): () => void {
  const client = useQueryClient();
  // Not awaited: the caller carries on while the lists on screen are read again.
  return () => void client.invalidateQueries({ queryKey: postKeys.all });
}
