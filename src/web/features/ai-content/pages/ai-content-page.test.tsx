import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type {
  AiStatus,
  Generation,
  StreamEvent,
  Variant,
} from '#shared/contracts/ai-content.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { USER_ID, authValue, subscription } from '../../../test/auth-state.ts';
import { fail, mockApi, ok, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import AiContentPage from './ai-content-page.tsx';

const GEN_ID = '00000000-0000-4000-8000-0000000000a1';

function status(overrides: Partial<AiStatus> = {}): AiStatus {
  return {
    provider: { kind: 'offline', label: 'Offline generator' },
    allowance: {
      used: 3,
      limit: 100,
      remaining: 97,
      period: '2026-11',
      resets_at: '2026-12-01T00:00:00.000Z',
    },
    offline_languages: ['en'],
    can: { generate: true, schedule: true },
    ...overrides,
  };
}

function variant(index: number, caption: string): Variant {
  return {
    index,
    caption,
    hashtags: ['#Bread', '#Bakery'],
    suggested_hashtags: ['#ShopLocal'],
    adjustments: [],
    best_times: {
      source: 'default',
      time_zone: 'UTC',
      note: 'Times that usually work on Instagram.',
      slots: [{ day: 2, time: '11:00', next_at: '2099-01-06T11:00:00.000Z' }],
    },
    event_id: null,
  };
}

/** The page's API, with the streaming route answering these NDJSON lines (or an envelope). */
function installApi(
  stream: StreamEvent[] | { status: number; body: unknown },
  aiStatus = status(),
  more: Record<string, MockResponse> = {},
) {
  const api = mockApi({
    'GET /api/ai-content/status': ok(aiStatus),
    'GET /api/ai-content/generations': ok({ items: [], total: 0 }),
    'GET /api/calendar-events/ai-content': ok([]),
    ...more,
  });
  const json = api.fetchMock.getMockImplementation()!;
  const requests: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/ai-content/generations/stream') return json(input, init);
      requests.push(JSON.parse(String(init?.body)));
      if (!Array.isArray(stream)) {
        return new Response(JSON.stringify(stream.body), {
          status: stream.status,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      const lines = stream.map((e) => `${JSON.stringify(e)}\n`);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // Split mid-line too, as a network would.
          const text = new TextEncoder().encode(lines.join(''));
          controller.enqueue(text.slice(0, 37));
          controller.enqueue(text.slice(37));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
    }),
  );
  return requests;
}

function renderPage(plan: 'trial' | 'free' = 'trial') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue({ subscription: subscription({ plan }) })}>
        <MemoryRouter>
          <AiContentPage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const allowanceAfter = { ...status().allowance, used: 5, remaining: 95 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AI content page', () => {
  it('says which provider is active and what is left of the allowance', async () => {
    installApi([]);
    renderPage();
    expect(await screen.findByText('Offline generator')).toBeTruthy();
    expect(
      screen
        .getByRole('meter', { name: 'Generations used this month' })
        .getAttribute('aria-valuenow'),
    ).toBe('3');
    expect(screen.getByText(/Renews on December 1/)).toBeTruthy();
    expect((screen.getByRole('option', { name: 'Spanish' }) as HTMLOptionElement).disabled).toBe(
      true,
    );
  });

  it('checks the prompt in the browser before sending anything', async () => {
    const requests = installApi([]);
    renderPage();
    await screen.findByText('Offline generator');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Describe the post you want in a few words')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows streamed variants ready to edit, with hashtags, limits and best times', async () => {
    const requests = installApi([
      {
        type: 'start',
        generation_id: GEN_ID,
        provider: { kind: 'offline', label: 'Offline generator' },
        variants: 2,
        allowance: allowanceAfter,
      },
      { type: 'delta', index: 0, text: 'Fresh bread ' },
      { type: 'delta', index: 0, text: 'today!' },
      { type: 'variant', variant: variant(0, 'Fresh bread today!') },
      { type: 'delta', index: 1, text: 'Warm loaves' },
      {
        type: 'variant',
        variant: {
          ...variant(1, 'Warm loaves are back.'),
          best_times: {
            ...variant(1, '').best_times,
            source: 'analytics',
            note: 'From your analytics: when your followers are online.',
          },
        },
      },
    ]);
    renderPage();
    await screen.findByText('Offline generator');
    fireEvent.change(screen.getByLabelText('What should the post be about?'), {
      target: { value: 'Our bread is back' },
    });
    fireEvent.change(screen.getByLabelText('Variants'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

    const first = await screen.findByRole('region', { name: 'Variant 1' });
    expect((within(first).getByLabelText('Caption') as HTMLTextAreaElement).value).toBe(
      'Fresh bread today!',
    );
    expect(within(first).getByText('34 / 2,200 characters')).toBeTruthy();
    expect(within(first).getByText('2 / 30 hashtags')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Add #ShopLocal' })).toBeTruthy();
    expect(within(first).getByText('Times that usually work on Instagram.')).toBeTruthy();
    expect(within(first).queryByRole('link', { name: /From your analytics/ })).toBeNull();
    const second = await screen.findByRole('region', { name: 'Variant 2' });
    expect(
      within(second).getByText('From your analytics: when your followers are online.'),
    ).toBeTruthy();
    expect(
      within(second)
        .getByRole('link', { name: /From your analytics/ })
        .getAttribute('href'),
    ).toBe('/dashboard/analytics');
    expect(requests[0]).toMatchObject({ prompt: 'Our bread is back', variants: 2 });

    // Leaving a hashtag out updates the count.
    fireEvent.click(within(first).getByRole('button', { name: '#Bakery, included' }));
    expect(within(first).getByText('1 / 30 hashtags')).toBeTruthy();
  });

  it('schedules through the composer: the variant is saved as a draft at the time chosen, then opened there', async () => {
    const EVENT_ID = '00000000-0000-4000-8000-0000000000e1';
    const saved: CalendarEvent = {
      id: EVENT_ID,
      user_id: USER_ID,
      title: 'Fresh bread today!',
      content: 'Fresh bread today! #Bread #Bakery',
      platforms: ['instagram'],
      type: 'ai_generated',
      status: 'draft',
      scheduled_for: '2099-01-06T11:00:00.000Z',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    installApi(
      [
        {
          type: 'start',
          generation_id: GEN_ID,
          provider: { kind: 'offline', label: 'Offline generator' },
          variants: 1,
          allowance: allowanceAfter,
        },
        { type: 'variant', variant: variant(0, 'Fresh bread today!') },
      ],
      status(),
      {
        [`POST /api/ai-content/generations/${GEN_ID}/variants/0/event`]: ok({
          event: saved,
          generation: generation(
            GEN_ID,
            'Our bread is back',
            ['Fresh bread today!'],
            saved.created_at,
          ),
        }),
      },
    );
    const calls: unknown[] = [];
    const fetchNow = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST' && String(input).endsWith('/event')) {
          calls.push(JSON.parse(String(init.body)));
        }
        return fetchNow(input, init);
      }),
    );
    function Calendar() {
      return <p>calendar at {useLocation().search}</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/dashboard/ai-content', Component: AiContentPage },
        { path: '/dashboard/calendar', Component: Calendar },
      ],
      { initialEntries: ['/dashboard/ai-content'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthContext.Provider value={authValue({ subscription: subscription({ plan: 'trial' }) })}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    await screen.findByText('Offline generator');
    fireEvent.change(screen.getByLabelText('What should the post be about?'), {
      target: { value: 'Our bread is back' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const first = await screen.findByRole('region', { name: 'Variant 1' });
    fireEvent.click(within(first).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(`calendar at ?compose=${EVENT_ID}`)).toBeTruthy();
    // A draft, linked to its generation, at the best time shown: its accounts are chosen in the
    // composer, where it is scheduled.
    expect(calls).toEqual([
      {
        caption: 'Fresh bread today!',
        hashtags: ['#Bread', '#Bakery'],
        status: 'draft',
        scheduled_for: '2099-01-06T11:00:00.000Z',
      },
    ]);
  });

  it('keeps the prompt and offers to try again when the provider fails', async () => {
    installApi([
      {
        type: 'start',
        generation_id: GEN_ID,
        provider: { kind: 'openai-compatible', label: 'gpt-4o-mini' },
        variants: 1,
        allowance: allowanceAfter,
      },
      {
        type: 'error',
        index: 0,
        error: {
          code: 'RATE_LIMIT_EXCEEDED',
          message: 'Too many requests. Please wait a moment before trying again.',
          retryable: true,
          correlationId: 'err_1_x',
        },
      },
    ]);
    renderPage();
    await screen.findByText('Offline generator');
    fireEvent.change(screen.getByLabelText('What should the post be about?'), {
      target: { value: 'Our bread is back' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment before trying again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(
      (screen.getByLabelText('What should the post be about?') as HTMLTextAreaElement).value,
    ).toBe('Our bread is back');
  });

  it('shows field errors from the server next to their fields', async () => {
    installApi({
      status: 400,
      body: fail(400, 'VALIDATION_ERROR', 'Please check your input and try again.', {
        fieldErrors: { prompt: 'Keep the prompt under 2000 characters' },
      }).body,
    });
    renderPage();
    await screen.findByText('Offline generator');
    fireEvent.change(screen.getByLabelText('What should the post be about?'), {
      target: { value: 'Our bread is back' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Keep the prompt under 2000 characters')).toBeTruthy();
  });

  it('is behind the plan gate on Free (docs/product/roles-and-plans.md#features-by-plan)', () => {
    installApi([]);
    renderPage('free');
    expect(screen.getByText('AI Content is part of the Premium plan')).toBeTruthy();
  });

  it('hides generating from a role that cannot create posts', async () => {
    installApi([], status({ can: { generate: false, schedule: false } }));
    renderPage();
    expect(
      await screen.findByText('Your role can read AI content but not create it.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

const OLDER_ID = '00000000-0000-4000-8000-0000000000b2';
const RESULTS_KEY = `socigen.ai-content.v1:${USER_ID}:${USER_ID}:results`;

function generation(id: string, prompt: string, captions: string[], at: string): Generation {
  return {
    id,
    prompt,
    options: {
      platform: 'instagram',
      format: 'post',
      tone: 'playful',
      length: 'medium',
      variants: captions.length,
      emoji: true,
      hashtags: true,
      language: 'en',
    },
    provider: { kind: 'offline', label: 'Offline generator' },
    status: 'completed',
    variants: captions.map((caption, index) => variant(index, caption)),
    created_at: at,
  };
}

const newest = generation(
  GEN_ID,
  'Our pumpkin sourdough is back',
  ['Pumpkin sourdough is back!', 'Guess what? Pumpkin season.'],
  '2026-11-20T10:00:00.000Z',
);
const older = generation(
  OLDER_ID,
  'Summer sale on every loaf',
  ['Summer sale: every loaf.'],
  '2026-11-10T10:00:00.000Z',
);

function captions() {
  return screen.getAllByLabelText('Caption').map((field) => (field as HTMLTextAreaElement).value);
}

describe('variants are never lost (docs/decisions/064)', () => {
  it('opens the newest generation’s variants when the page opens', async () => {
    installApi([], status(), {
      'GET /api/ai-content/generations': ok({ items: [newest, older], total: 2 }),
    });
    renderPage();
    expect(await screen.findByRole('region', { name: 'Variant 2' })).toBeTruthy();
    expect(captions()).toEqual(['Pumpkin sourdough is back!', 'Guess what? Pumpkin season.']);
    expect(screen.getByText('2 variants for')).toBeTruthy();
    expect(screen.getAllByText('Our pumpkin sourdough is back').length).toBeGreaterThan(0);
    // The history says which generation is on screen.
    expect(
      screen.getByRole('button', { name: '“Our pumpkin sourdough is back” is shown' }),
    ).toBeTruthy();
  });

  it('opens the cards this browser had on screen, regenerated ones included', async () => {
    window.localStorage.setItem(
      RESULTS_KEY,
      JSON.stringify({
        refs: [
          { generation_id: GEN_ID, index: 1 },
          { generation_id: OLDER_ID, index: 0 },
        ],
      }),
    );
    installApi([], status(), {
      'GET /api/ai-content/generations': ok({ items: [newest, older], total: 2 }),
      [`GET /api/ai-content/generations/${GEN_ID}`]: ok(newest),
      [`GET /api/ai-content/generations/${OLDER_ID}`]: ok(older),
    });
    renderPage();
    expect(await screen.findByRole('region', { name: 'Variant 2' })).toBeTruthy();
    expect(captions()).toEqual(['Guess what? Pumpkin season.', 'Summer sale: every loaf.']);
  });

  it('remembers the cards of a new generation, and opens any generation of the history', async () => {
    installApi(
      [
        {
          type: 'start',
          generation_id: GEN_ID,
          provider: { kind: 'offline', label: 'Offline generator' },
          variants: 1,
          allowance: allowanceAfter,
        },
        { type: 'variant', variant: variant(0, 'Fresh bread today!') },
        { type: 'done', generation: newest, allowance: allowanceAfter },
      ],
      status(),
      { 'GET /api/ai-content/generations': ok({ items: [older], total: 1 }) },
    );
    renderPage();
    // The older generation opens first: it is the newest with variants.
    expect(await screen.findByText('Summer sale: every loaf.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('What should the post be about?'), {
      target: { value: 'Our bread is back' },
    });
    fireEvent.change(screen.getByLabelText('Variants'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const card = await screen.findByRole('region', { name: 'Variant 1' });
    await within(card).findByText('Ready');
    expect(captions()).toEqual(['Fresh bread today!']);
    expect(JSON.parse(window.localStorage.getItem(RESULTS_KEY)!)).toEqual({
      refs: [{ generation_id: GEN_ID, index: 0 }],
    });

    fireEvent.click(
      await screen.findByRole('button', { name: 'Open “Summer sale on every loaf”' }),
    );
    expect(captions()).toEqual(['Summer sale: every loaf.']);
    expect(screen.getByText('1 variant for')).toBeTruthy();
  });

  it('shows a variant saved on an earlier visit as saved', async () => {
    const saved = generation(
      GEN_ID,
      'Our bread is back',
      ['Fresh bread today!'],
      newest.created_at,
    );
    const eventId = '00000000-0000-4000-8000-0000000000e1';
    saved.variants[0]!.event_id = eventId;
    installApi([], status(), {
      'GET /api/ai-content/generations': ok({ items: [saved], total: 1 }),
      'GET /api/calendar-events/ai-content': ok([
        {
          id: eventId,
          title: 'Fresh bread today!',
          status: 'draft',
          scheduled_for: null,
          platforms: ['instagram'],
        } as unknown as CalendarEvent,
      ]),
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Variant 1' });
    expect(await within(card).findByText('Saved as draft')).toBeTruthy();
  });

  it('shows the empty state when there is nothing to open', async () => {
    installApi([]);
    renderPage();
    expect(await screen.findByText('Your variants appear here')).toBeTruthy();
  });
});
