import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type {
  EngineMessage,
  EngineSession,
  EngineStreamEvent,
  ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { USER_ID, authValue } from '../../../test/auth-state.ts';
import { connection } from '../../../test/connections.ts';
import { mockApi, ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import EngineRoomPage from './engine-room-page.tsx';

// The engine room API (engine-room.contract.ts) for the page's tests: JSON routes through
// mockApi, and the message route answering a text/event-stream the test writes to.

export const SESSION_ID = '00000000-0000-4000-8000-00000000e001';
export const OTHER_SESSION_ID = '00000000-0000-4000-8000-00000000e002';
export const CAMPAIGN_ID = '00000000-0000-4000-8000-00000000ca01';
export const CONNECTION_ID = connection().id;
export const POST_IDS = [
  '00000000-0000-4000-8000-00000000b001',
  '00000000-0000-4000-8000-00000000b002',
];
const AT = '2026-11-28T10:00:00.000Z';

export function message(overrides: Partial<EngineMessage> = {}): EngineMessage {
  return {
    id: '00000000-0000-4000-8000-00000000d001',
    role: 'user',
    content: 'Hello',
    toolCalls: [],
    engine: null,
    authorId: USER_ID,
    createdAt: AT,
    ...overrides,
  };
}

export function draftCall(overrides: Partial<ToolCall> = {}): ToolCall {
  return {
    id: 'call-1',
    tool: 'draft_posts',
    status: 'proposed',
    result: null,
    args: {
      intent: 'draft',
      posts: [
        {
          connectionId: CONNECTION_ID,
          format: 'post',
          scheduledFor: '2026-12-01T09:00:00.000Z',
          caption: 'Warm cinnamon buns are back this Tuesday',
          hashtags: ['#bakery'],
          mediaIds: [],
        },
        {
          connectionId: CONNECTION_ID,
          format: 'reel',
          scheduledFor: null,
          caption: 'Meet the bakers behind the sourdough',
          hashtags: [],
          mediaIds: [],
        },
      ],
    },
    ...overrides,
  };
}

export function session(overrides: Partial<EngineSession> = {}): EngineSession {
  return {
    id: SESSION_ID,
    title: 'Christmas posts',
    campaignId: null,
    messageCount: 0,
    createdBy: USER_ID,
    createdAt: AT,
    updatedAt: AT,
    messages: [],
    engine: 'offline',
    ...overrides,
  };
}

export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: CAMPAIGN_ID,
    name: 'Winter warmers',
    status: 'draft',
    step: 'plan',
    startsOn: '2026-12-01',
    endsOn: '2026-12-14',
    connectionIds: [CONNECTION_ID],
    color: '#336699',
    progress: { posts: 1, published: 0, scheduled: 0, failed: 0, missingMedia: 0 },
    version: 3,
    updatedAt: AT,
    launchedAt: null,
    goal: 'Sell more hot drinks in the cold weeks',
    audience: '',
    segmentId: null,
    formats: ['post'],
    cadence: null,
    planSource: 'offline',
    createdAt: AT,
    posts: [
      {
        id: '00000000-0000-4000-8000-00000000cb01',
        key: 'p1',
        position: 0,
        scheduledFor: '2026-12-02T08:00:00.000Z',
        connectionId: CONNECTION_ID,
        format: 'post',
        caption: 'Hot chocolate season starts today',
        hashtags: [],
        firstComment: null,
        media: {
          kind: 'image',
          count: 1,
          aspectRatio: '1:1',
          minSeconds: null,
          maxSeconds: null,
          description: 'A mug',
        },
        mediaIds: [],
        eventId: null,
        status: null,
        account: { name: 'Rosa Bakery', platform: 'facebook' },
        performance: null,
      },
    ],
    performance: null,
    ...overrides,
  };
}

/** A text/event-stream answer the test writes event by event, then ends. */
export class EventStream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.controller = controller;
    },
  });
  send(event: EngineStreamEvent) {
    this.controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`));
  }
  end() {
    this.controller.close();
  }
}

/** The page's API; each POST to a session's messages answers with the next of `streams`. */
export function installApi(
  handlers: Record<string, MockHandler | MockResponse> = {},
  streams: EventStream[] = [],
) {
  const api = mockApi({
    'GET /api/platforms/connections': ok([connection()]),
    'GET /api/engine-room/sessions': ok([]),
    ...handlers,
  });
  const json = api.fetchMock.getMockImplementation()!;
  const sent: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (!/\/messages$/.test(path)) return json(input, init);
      sent.push({ path, body: JSON.parse(String(init?.body)) });
      const stream = streams.shift();
      if (!stream) throw new Error(`Unexpected message in test: ${path}`);
      init?.signal?.addEventListener('abort', () => stream.end());
      return new Response(stream.body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return { calls: api.calls, sent };
}

export function renderPage(path = '/dashboard/engine-room') {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/engine-room',
        Component: EngineRoomPage,
        children: [
          { index: true, element: null },
          { path: 'sessions', element: null },
          { path: 'sessions/:sessionId', element: null },
        ],
      },
      { path: '*', Component: () => null },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue()}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}
