import { useEffect, useState } from 'react';
import type { PasswordStrength } from '#shared/password-strength.ts';
import type * as StrengthModule from '#shared/password-strength.ts';

// The estimator's dictionaries are large (about 1.6 MB), so they are fetched only once a password
// is typed — never just for opening a page that has a password field — and shared afterwards.

export type { PasswordStrength };
export const WEAK_PASSWORD_MESSAGE = 'Password is too weak. Please choose a stronger password.';
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

let loader: Promise<typeof StrengthModule> | undefined;

export function loadPasswordStrength() {
  loader ??= import('#shared/password-strength.ts').catch((error: unknown) => {
    loader = undefined; // let a later attempt retry a failed download
    throw error;
  });
  return loader;
}

export async function checkPasswordStrength(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordStrength> {
  const module = await loadPasswordStrength();
  return module.checkPasswordStrength(password, userInputs.filter(Boolean));
}

/** The hint shown with the weak-password message: the estimator's own advice, if it has any. */
export function strengthAdvice(strength: PasswordStrength): string | null {
  return strength.warning ?? strength.suggestions[0] ?? null;
}

const CHECK_DELAY_MS = 150;

/** Live strength of what is typed, debounced; null while empty or not yet known. */
export function usePasswordStrength(
  password: string,
  userInputs: readonly string[],
): PasswordStrength | null {
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength } | null>(
    null,
  );
  const inputsKey = userInputs.join('\u0000');

  useEffect(() => {
    if (password === '') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      checkPasswordStrength(password, inputsKey.split('\u0000'))
        .then((strength) => {
          if (!cancelled) setResult({ password, strength });
        })
        .catch(() => {
          // Same as above: no meter, the server decides.
        });
    }, CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  return result && result.password === password ? result.strength : null;
}
