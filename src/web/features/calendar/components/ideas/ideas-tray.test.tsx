import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Generation, HistoryPage } from '#shared/contracts/ai-content.contract.ts';
import type { IdeaPost } from '#shared/contracts/planning.contract.ts';
import { USER_ID } from '../../../../test/auth-state.ts';
import { mockApi, ok, type MockHandler } from '../../../../test/mock-api.ts';
import { renderCalendarPage } from '../../pages/calendar-page.test-helpers.tsx';

// The ideas tray beside the month and week views (docs/decisions/078): drafts without a date and
// AI content variants not used yet; planned on a day by drag or by "Plan…", they open in the
// composer there (a variant is saved as its draft first, keeping its link to the post).

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const GENERATION = '00000000-0000-4000-8000-0000000000f1';

function idea(n: number, title: string, extra: Partial<IdeaPost> = {}): IdeaPost {
  return {
    id: id(n),
    user_id: USER_ID,
    title,
    content: `${title}, the text`,
    platforms: [],
    type: 'post',
    status: 'draft',
    scheduled_for: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    account_count: 0,
    media_count: 0,
    cover: null,
    ...extra,
  };
}

const bestTimes = { source: 'default' as const, time_zone: 'UTC', note: '', slots: [] };
const generation: Generation = {
  id: GENERATION,
  prompt: 'Autumn bread',
  options: {
    platform: 'instagram',
    format: 'post',
    tone: 'friendly',
    length: 'short',
    variants: 2,
    emoji: false,
    hashtags: true,
    language: 'en',
  },
  provider: { kind: 'offline', label: 'Offline generator' },
  status: 'completed',
  variants: [
    {
      index: 0,
      caption: 'Pumpkin loaf is back',
      hashtags: ['#autumn'],
      suggested_hashtags: [],
      adjustments: [],
      best_times: bestTimes,
      event_id: null,
    },
    {
      index: 1,
      caption: 'Already planned',
      hashtags: [],
      suggested_hashtags: [],
      adjustments: [],
      best_times: bestTimes,
      event_id: id(50),
    },
  ],
  created_at: '2026-03-01T10:00:00.000Z',
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function renderTray(handlers: Record<string, MockHandler | ReturnType<typeof ok>> = {}) {
  const api = mockApi({
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: 'owner',
      is_admin: false,
      memberships: [],
    }),
    'GET /api/calendar-events': ok([]),
    'GET /api/calendar-events/covers': ok([]),
    'GET /api/calendar-events/feed': ok({ active: false, created_at: null, url: null }),
    'GET /api/calendar-events/ideas': ok([
      idea(1, 'Customer of the month'),
      idea(2, 'Behind the counter', { account_count: 1, type: 'ai_generated' }),
    ]),
    'GET /api/ai-content/generations': ok({ items: [generation], total: 1 } satisfies HistoryPage),
    ...handlers,
  });
  renderCalendarPage('/dashboard/calendar?view=month&date=2026-03-10', { extra: <Where /> });
  return api;
}

const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');

async function openTray() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open the ideas tray, 3 ideas' }));
  return screen.getByRole('complementary', { name: /Ideas/ });
}

describe('the ideas tray', () => {
  it('lists drafts without a date and the AI variants not used yet, folding to a rail', async () => {
    renderTray();
    const tray = await openTray();
    const items = within(tray).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Customer of the month',
      'Behind the counter',
      'Pumpkin loaf is back',
    ]);
    expect(within(items[0]!).getByText('Draft · no account yet')).toBeTruthy();
    expect(within(items[1]!).getByText('AI draft · 1 account')).toBeTruthy();
    expect(within(items[2]!).getByText('AI idea · Instagram post')).toBeTruthy();
    fireEvent.click(within(tray).getByRole('button', { name: 'Fold the ideas tray' }));
    expect(screen.getByRole('button', { name: 'Open the ideas tray, 3 ideas' })).toBeTruthy();
  });

  it('plans a draft on a day with “Plan…”: the composer opens on it at that date and time', async () => {
    renderTray();
    const tray = await openTray();
    fireEvent.click(within(tray).getByRole('button', { name: 'Plan “Customer of the month”…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan “Customer of the month”' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-03-20' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '11:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open in the composer' }));
    await waitFor(() => expect(where().get('compose')).toBe(id(1)));
    expect(where().get('date')).toBe('2026-03-20');
    expect(where().get('time')).toBe('11:30');
  });

  it('keeps what was typed when the date is not one', async () => {
    renderTray();
    const tray = await openTray();
    fireEvent.click(within(tray).getByRole('button', { name: 'Plan “Customer of the month”…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '11:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open in the composer' }));
    expect(await within(dialog).findByText('Choose a date and a time')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Time/) as HTMLInputElement).value).toBe('11:30');
    expect(where().get('compose')).toBeNull();
  });

  it('saves a variant dropped on a day as its draft at that day’s usual hour, then opens it', async () => {
    const saved: MockHandler = ({ body }) =>
      ok({
        event: {
          ...idea(60, 'Pumpkin loaf is back'),
          type: 'ai_generated',
          scheduled_for: (body as { scheduled_for: string }).scheduled_for,
        },
        generation,
      });
    const api = renderTray({
      [`POST /api/ai-content/generations/${GENERATION}/variants/0/event`]: saved,
    });
    const tray = await openTray();
    const card = within(tray).getAllByRole('listitem')[2]!;
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => store.set(k, v),
      getData: (k: string) => store.get(k) ?? '',
      get types() {
        return [...store.keys()];
      },
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(card, { dataTransfer });
    const day = document.querySelector('[data-date="2026-03-12"]') as HTMLElement;
    fireEvent.dragOver(day, { dataTransfer });
    fireEvent.drop(day, { dataTransfer });
    await waitFor(() => expect(where().get('compose')).toBe(id(60)));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      caption: 'Pumpkin loaf is back',
      hashtags: ['#autumn'],
      status: 'draft',
      scheduled_for: '2026-03-12T09:00:00.000Z',
    });
  });
});
