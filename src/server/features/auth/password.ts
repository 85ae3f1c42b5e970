import { AppError } from '#shared/errors/index.ts';

// Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane): about 20-30 ms
// here, slow enough to blunt offline guessing, fast enough not to make sign-in a DoS lever.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The native module loads with the first password hashed or checked, not at start (decision 019).
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await argon2();
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    const { verify } = await argon2();
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a fixed hash when the account does not exist keeps the response time the
// same, so timing does not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
}

/**
 * The strength estimator: its dictionaries take about 0.1 s to load, so the first check loads
 * it rather than every start (decision 019).
 */
export const loadPasswordStrength = () => import('#shared/password-strength.ts');

function weakPassword(suggestion: string | undefined): AppError {
  const message = 'Password is too weak. Please choose a stronger password.';
  return AppError.from('WEAK_PASSWORD', {
    details: { fieldErrors: { password: suggestion ? `${message} ${suggestion}` : message } },
  });
}

/**
 * Refuses a password the estimator judges weak (docs/decisions/008), given what the person typed
 * in the same form; an e-mail address counts also by its local part.
 */
export async function requireStrongPassword(
  password: string,
  userInputs: (string | undefined)[],
): Promise<void> {
  const inputs = userInputs.filter((v): v is string => Boolean(v));
  for (const value of [...inputs]) {
    const local = value.split('@')[0];
    if (local && local !== value) inputs.push(local);
  }
  const { checkPasswordStrength } = await loadPasswordStrength();
  const strength = await checkPasswordStrength(password, inputs);
  if (!strength.ok) throw weakPassword(strength.suggestions[0] ?? strength.warning ?? undefined);
}
