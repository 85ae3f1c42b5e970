import { describe, expect, it } from 'vitest';
import { emailCampaignInputSchema } from '#shared/contracts/email-marketing.contract.ts';
import { EMPTY_EMAIL, saveInputOf, sendErrorsOf } from './email-form.ts';
import { insertAt } from './merge-fields.ts';

// The editor's checks agree with the contract's schema on what a save takes.

const SEGMENT = '5a1b2c3d-0000-4000-8000-00000000b001';

describe('saveInputOf', () => {
  it('accepts what the contract accepts, trimmed the same way', () => {
    const values = {
      ...EMPTY_EMAIL,
      name: '  Spring news ',
      subject: ' Hello ',
      segmentId: SEGMENT,
    };
    const answer = saveInputOf(values);
    expect(answer).toEqual({ ok: true, input: emailCampaignInputSchema.parse(values) });
  });

  it('refuses what the contract refuses, with its messages', () => {
    const cases = [
      { ...EMPTY_EMAIL, name: '   ' },
      { ...EMPTY_EMAIL, name: 'x'.repeat(121) },
      { ...EMPTY_EMAIL, name: 'ok', subject: 'x'.repeat(201) },
      { ...EMPTY_EMAIL, name: 'ok', preheader: 'x'.repeat(201) },
      { ...EMPTY_EMAIL, name: 'ok', body: 'x'.repeat(50_001) },
      { ...EMPTY_EMAIL, name: 'ok', segmentId: 'not-a-segment' },
    ];
    for (const values of cases) {
      const answer = saveInputOf(values);
      const parsed = emailCampaignInputSchema.safeParse(values);
      expect(answer.ok).toBe(false);
      expect(parsed.success).toBe(false);
      if (!answer.ok && !parsed.success) {
        const [field, message] = Object.entries(answer.errors)[0]!;
        expect(parsed.error.issues[0]?.path[0]).toBe(field);
        expect(parsed.error.issues[0]?.message).toBe(message);
      }
    }
  });
});

describe('sendErrorsOf', () => {
  it('asks for a subject, a body and a segment', () => {
    expect(sendErrorsOf(EMPTY_EMAIL)).toEqual({
      subject: 'Write a subject',
      body: 'Write the e-mail',
      segmentId: 'Choose a segment',
    });
    expect(sendErrorsOf({ ...EMPTY_EMAIL, subject: 'a', body: 'b', segmentId: SEGMENT })).toEqual(
      {},
    );
  });
});

describe('insertAt', () => {
  it('puts the field at the cursor, replacing a selection', () => {
    expect(insertAt('Hi !', '{{firstName|there}}', 3, 3)).toEqual({
      text: 'Hi {{firstName|there}}!',
      cursor: 22,
    });
    expect(insertAt('Hi you!', '{{name}}', 3, 6)).toEqual({ text: 'Hi {{name}}!', cursor: 11 });
    expect(insertAt('', '{{email}}', 9, 9)).toEqual({ text: '{{email}}', cursor: 9 });
  });
});
