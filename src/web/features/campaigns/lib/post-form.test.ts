import { describe, expect, it } from 'vitest';
import { formValuesOf, parseHashtags, postOfForm } from './post-form.ts';

const ACCOUNT = '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e01';

describe('the post edit form', () => {
  it('reads hashtags however they are typed', () => {
    expect(parseHashtags('#bread sourdough,  #bake ')).toEqual(['#bread', '#sourdough', '#bake']);
  });

  it('sends the date and time of the business time zone as an instant', () => {
    const values = {
      ...formValuesOf(null, {
        date: '2026-12-01',
        connectionId: ACCOUNT,
        timeZone: 'Europe/Lisbon',
      }),
      time: '09:30',
      caption: 'Fresh loaves',
      hashtags: 'bread',
    };
    values.media = { ...values.media, description: 'The loaves on the counter' };
    const result = postOfForm(values, 'America/New_York');
    expect(result).toMatchObject({
      ok: true,
      post: { scheduledFor: '2026-12-01T14:30:00.000Z', hashtags: ['#bread'], firstComment: null },
    });
  });

  it('says what is missing', () => {
    const values = formValuesOf(null, { date: '', connectionId: '', timeZone: 'UTC' });
    const result = postOfForm(values, 'UTC');
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.errors).toEqual({
      date: 'Choose a date',
      connectionId: 'Choose an account',
      'media.description': 'Describe the shot',
    });
  });
});
