import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from './password-strength.ts';

describe('checkPasswordStrength', () => {
  it.each(['password1', 'Password123!', 'qwertyuiop', 'jennifer2024'])(
    'refuses the guessable %s',
    async (pw) => {
      const result = await checkPasswordStrength(pw);
      expect(result.ok).toBe(false);
    },
  );

  it('refuses a password built from the user’s own e-mail', async () => {
    const result = await checkPasswordStrength('maria.lopez2024', [
      'maria.lopez@example.com',
      'maria.lopez',
    ]);
    expect(result.ok).toBe(false);
  });

  it('refuses passwords made of the product’s name or the business’s (context words)', async () => {
    for (const pw of ['socigen2026!', 'SociGenRocks1', 'BoulangerieDupont1']) {
      const result = await checkPasswordStrength(pw, ['Boulangerie Dupont', 'dupont']);
      expect(result.ok, pw).toBe(false);
    }
  });

  it('accepts a long passphrase', async () => {
    const result = await checkPasswordStrength('copper kettle orbit lantern');
    expect(result).toMatchObject({ ok: true });
    expect(result.score).toBeGreaterThanOrEqual(3);
  });

  it('gives feedback for weak passwords', async () => {
    const result = await checkPasswordStrength('abc12345');
    expect(result.ok).toBe(false);
    expect(result.warning ?? result.suggestions[0]).toBeTruthy();
  });
});
