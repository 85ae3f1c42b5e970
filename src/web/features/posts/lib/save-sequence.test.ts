import { describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { PublishingState } from '#shared/contracts/publishing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { newComposerValues } from './composer-model.ts';
import { saveComposer, type ComposerApi } from './save-sequence.ts';

const EVENT = '00000000-0000-4000-8000-0000000000e1';
const IG = '00000000-0000-4000-8000-0000000000a1';
const FB = '00000000-0000-4000-8000-0000000000a2';
const PHOTO = '00000000-0000-4000-8000-0000000000c1';

const values = {
  ...newComposerValues({ year: 2030, month: 4, day: 29 }, 10, 30),
  title: 'Spring menu',
  content: 'Fresh bread',
  firstComment: 'Open 7–3',
  mediaIds: [PHOTO],
  targets: [
    { connectionId: FB, format: 'post' as const },
    { connectionId: IG, format: 'post' as const },
  ],
};
const accounts = [
  { connectionId: FB, account: 'Rosa Bakery' },
  { connectionId: IG, account: '@rosabakery' },
];

function event(extra: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: EVENT,
    user_id: '00000000-0000-4000-8000-000000000001',
    title: 'Spring menu',
    content: 'Fresh bread',
    platforms: ['facebook', 'instagram'],
    type: 'post',
    status: 'draft',
    scheduled_for: '2030-04-29T09:30:00.000Z',
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    ...extra,
  };
}

/** The server lists the targets in its own order (here Instagram first). */
function state(status: PublishingState['event_status'] = 'draft'): PublishingState {
  return {
    event_id: EVENT,
    event_status: status,
    scheduled_for: '2030-04-29T09:30:00.000Z',
    targets: [IG, FB].map((id, i) => ({
      id: `00000000-0000-4000-8000-0000000000f${i}`,
      connection_id: id,
      platform: id === IG ? ('instagram' as const) : ('facebook' as const),
      account_name: null,
      format: 'post' as const,
      media_ids: [PHOTO],
      first_comment: 'Open 7–3',
      status: status === 'scheduled' ? ('scheduled' as const) : ('draft' as const),
      scheduled_for: null,
      external_id: null,
      permalink: null,
      attempts: 0,
      last_error: null,
      published_at: null,
      updated_at: '2030-01-01T00:00:00Z',
    })),
  };
}

function api(overrides: Partial<ComposerApi> = {}) {
  const calls: string[] = [];
  const mock: ComposerApi = {
    createEvent: vi.fn(async (input) => {
      calls.push(`create ${input.status}`);
      return event();
    }),
    updateEvent: vi.fn(async (id, input) => {
      calls.push(`update ${id} ${input.status}`);
      return event();
    }),
    setTargets: vi.fn(async (id) => {
      calls.push(`targets ${id}`);
      return state();
    }),
    scheduleEvent: vi.fn(async (id, at) => {
      calls.push(`schedule ${id} ${at}`);
      return event({ status: 'scheduled' });
    }),
    publishNow: vi.fn(async (id) => {
      calls.push(`publish ${id}`);
      return { ...state('publishing') };
    }),
    ...overrides,
  };
  return { mock, calls };
}

const refusal = (fieldErrors: Record<string, string>) =>
  AppError.from('VALIDATION_ERROR', {
    userMessage: 'Failed to schedule content',
    details: { fieldErrors },
  });

const request = (intent: 'draft' | 'schedule' | 'publish', eventId: string | null = null) => ({
  eventId,
  values,
  platforms: ['facebook' as const, 'instagram' as const],
  accounts,
  intent,
  timeZone: 'Europe/London',
});

describe('saving from the composer', () => {
  it('a new draft: the event as a draft, then its targets; nothing scheduled', async () => {
    const { mock, calls } = api();
    const outcome = await saveComposer(mock, request('draft'));
    expect(calls).toEqual(['create draft', `targets ${EVENT}`]);
    expect(mock.createEvent).toHaveBeenCalledWith({
      title: 'Spring menu',
      content: 'Fresh bread',
      platforms: ['facebook', 'instagram'],
      scheduled_for: '2030-04-29T09:30:00.000Z',
      type: 'post',
      status: 'draft',
    });
    expect(mock.setTargets).toHaveBeenCalledWith(EVENT, {
      targets: [
        { connection_id: FB, format: 'post', media_ids: [PHOTO], first_comment: 'Open 7–3' },
        { connection_id: IG, format: 'post', media_ids: [PHOTO], first_comment: 'Open 7–3' },
      ],
    });
    expect(outcome).toMatchObject({ ok: true, eventId: EVENT });
  });

  it('scheduling an existing post: draft first, targets, then the schedule', async () => {
    const { mock, calls } = api();
    const outcome = await saveComposer(mock, request('schedule', EVENT));
    expect(calls).toEqual([
      `update ${EVENT} draft`,
      `targets ${EVENT}`,
      `schedule ${EVENT} 2030-04-29T09:30:00.000Z`,
    ]);
    // The type is left as it was (an AI-generated post stays one).
    expect(mock.updateEvent).toHaveBeenCalledWith(
      EVENT,
      expect.not.objectContaining({ type: expect.anything() }),
    );
    expect(outcome).toMatchObject({ ok: true, event: { status: 'scheduled' } });
  });

  it('publish now sends after the targets are stored', async () => {
    const { mock, calls } = api();
    const outcome = await saveComposer(mock, request('publish', EVENT));
    expect(calls).toEqual([`update ${EVENT} draft`, `targets ${EVENT}`, `publish ${EVENT}`]);
    expect(outcome).toMatchObject({ ok: true, event: { status: 'publishing' } });
  });

  it('a refused schedule leaves a saved draft, with the reasons by account in the server’s order', async () => {
    const { mock } = api({
      scheduleEvent: vi.fn(async () => {
        throw refusal({
          'targets.0.connection_id':
            '@rosabakery: This account has reached its 24-hour publishing limit',
        });
      }),
    });
    const outcome = await saveComposer(mock, request('schedule'));
    expect(outcome).toMatchObject({
      ok: false,
      eventId: EVENT,
      step: 'schedule',
      savedAsDraft: true,
      message: 'Failed to schedule content',
      problems: [
        {
          field: 'account',
          connectionId: IG,
          account: '@rosabakery',
          message: 'This account has reached its 24-hour publishing limit',
        },
      ],
    });
  });

  it('refused targets are named in the order they were sent; a draft failure says so', async () => {
    const { mock, calls } = api({
      setTargets: vi.fn(async () => {
        throw refusal({
          'targets.0.connection_id':
            'This account is not connected. Connect it on the Platforms page first',
        });
      }),
    });
    const outcome = await saveComposer(mock, request('draft', EVENT));
    expect(calls).toEqual([`update ${EVENT} draft`]);
    expect(mock.scheduleEvent).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({
      ok: false,
      step: 'targets',
      savedAsDraft: false,
      message: 'Failed to save draft',
      problems: [{ field: 'account', connectionId: FB, account: 'Rosa Bakery' }],
    });
  });

  it('a refused event (title, time) stops before any target is touched', async () => {
    const { mock } = api({
      createEvent: vi.fn(async () => {
        throw AppError.from('VALIDATION_ERROR', {
          details: { fieldErrors: { title: 'Title is required' } },
        });
      }),
    });
    const outcome = await saveComposer(mock, request('schedule'));
    expect(mock.setTargets).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({
      ok: false,
      eventId: null,
      step: 'event',
      problems: [{ field: 'title', message: 'Title is required' }],
    });
  });
});
