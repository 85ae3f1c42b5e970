import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { safeNavigate } from './navigation.ts';

/**
 * useNavigate with the rules of docs/product/validation.md#navigation-path: the path is validated
 * ("Invalid path provided"), a missing leading slash is added, and a failed in-app navigation falls
 * back to a full page load.
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (path: string, options?: { replace?: boolean; state?: unknown }) =>
      safeNavigate(navigate, path, options),
    [navigate],
  );
}
