import { describe, expect, it } from 'vitest';
import {
  formErrorsFromServer,
  newEventValues,
  quickSaveBody,
  quickStatuses,
  shiftedTime,
  validateEventForm,
} from './event-form.ts';

const LONDON = 'Europe/London';
const NOW = new Date('2026-03-20T12:00:00Z');
const base = newEventValues({ year: 2026, month: 3, day: 29 }, 9);

describe('validateEventForm', () => {
  it('asks for a title, and refuses an over-long one and over-long content', () => {
    expect(validateEventForm({ ...base, title: '  ' }, LONDON, NOW).title).toBe(
      'Title is required',
    );
    expect(validateEventForm({ ...base, title: 'x'.repeat(201) }, LONDON, NOW).title).toBe(
      'Title is too long',
    );
    expect(
      validateEventForm({ ...base, title: 'Hi', content: 'x'.repeat(10_001) }, LONDON, NOW).content,
    ).toBe('Content is too long');
  });

  it('needs a valid date and, when scheduling, a future time', () => {
    expect(validateEventForm({ ...base, title: 'Hi', date: '2026-02-30' }, LONDON, NOW).when).toBe(
      'Please enter a valid date and time',
    );
    expect(
      validateEventForm(
        { ...base, title: 'Hi', status: 'scheduled', date: '2026-03-19' },
        LONDON,
        NOW,
      ).when,
    ).toBe('Choose a time in the future');
    // A draft may sit in the past.
    expect(validateEventForm({ ...base, title: 'Hi', date: '2026-03-19' }, LONDON, NOW)).toEqual(
      {},
    );
  });

  it('never lets a note be scheduled', () => {
    expect(
      validateEventForm({ ...base, title: 'Hi', type: 'note', status: 'scheduled' }, LONDON, NOW)
        .status,
    ).toBe('A note is never published; save it as a draft');
  });
});

describe('quickSaveBody', () => {
  it('turns the business-zone wall time into a UTC instant, and sends no accounts', () => {
    const body = quickSaveBody(
      { ...base, title: ' Launch ', platforms: ['instagram'], time: '09:30' },
      LONDON,
    );
    expect(body).toEqual({
      post: {
        title: 'Launch',
        content: null,
        platforms: ['instagram'],
        type: 'post',
        // 29 March 2026 is in BST.
        scheduled_for: '2026-03-29T08:30:00.000Z',
      },
      intent: 'draft',
    });
  });

  it('cancels a note, planned for no platform', () => {
    const body = quickSaveBody(
      { ...base, title: 'Team photo', type: 'note', platforms: ['facebook'], status: 'cancelled' },
      LONDON,
    );
    expect(body.intent).toBe('cancel');
    expect(body.post.platforms).toEqual([]);
  });

  it('offers a draft for a new event; cancelled, and scheduled only if it is, for one that exists', () => {
    expect(quickStatuses('post', null)).toEqual(['draft']);
    expect(quickStatuses('note', 'draft')).toEqual(['draft', 'cancelled']);
    expect(quickStatuses('campaign', 'draft')).toEqual(['draft', 'cancelled']);
    expect(quickStatuses('campaign', 'scheduled')).toEqual(['draft', 'scheduled', 'cancelled']);
  });

  it('says where a time in the spring-forward gap ends up', () => {
    expect(shiftedTime({ date: '2026-03-29', time: '01:30' }, LONDON)).toBe('02:30');
    expect(shiftedTime({ date: '2026-03-29', time: '03:30' }, LONDON)).toBeNull();
  });

  it("maps the server's field errors onto the form", () => {
    expect(
      formErrorsFromServer({
        scheduled_for: 'Choose a time in the future',
        title: 'Title is required',
      }),
    ).toEqual({ when: 'Choose a time in the future', title: 'Title is required' });
  });
});
