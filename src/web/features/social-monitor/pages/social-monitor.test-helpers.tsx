import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type {
  InboxItem,
  ThreadCounts,
  ThreadDetail,
  ThreadSummary,
} from '#shared/contracts/inbox.contract.ts';
import type { TenantRole } from '#shared/permissions.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, USER_ID } from '../../../test/auth-state.ts';
import { mockApi, ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import SocialMonitorPage from './social-monitor-page.tsx';

// Threads, items and the page as the inbox API (inbox.contract.ts) would serve them.

export const ACCOUNT_IG = '00000000-0000-4000-8000-00000000a001';
export const ACCOUNT_FB = '00000000-0000-4000-8000-00000000a002';
export const ANA = '00000000-0000-4000-8000-00000000b001';
export const threadIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

export function summary(n: number, overrides: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    id: threadIdOf(n),
    kind: 'comment',
    account: {
      connectionId: ACCOUNT_IG,
      platform: 'instagram',
      name: 'Rosa Bakery',
      username: 'rosabakery',
    },
    participant: { id: `p${n}`, name: `Person ${n}`, handle: `person${n}`, pictureUrl: null },
    preview: `Comment number ${n}`,
    lastItemAt: minutesAgo(n),
    lastInboundAt: minutesAgo(n),
    unreadCount: 0,
    needsReply: true,
    sentiment: null,
    status: 'open',
    assignedTo: null,
    ...overrides,
  };
}

export function item(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    id: 'item-1',
    externalId: 'c1',
    kind: 'comment',
    parentExternalId: null,
    direction: 'in',
    origin: 'platform',
    author: { id: 'p1', name: 'Maya Lopez', handle: 'maya', pictureUrl: null },
    text: 'Do you have gluten-free bread?',
    attachments: [],
    sentAt: minutesAgo(30),
    editedAt: null,
    deletedAt: null,
    hidden: false,
    hiddenBy: null,
    liked: false,
    flagged: false,
    sentiment: 'neutral',
    privateReplyAt: null,
    sentBy: null,
    readAt: null,
    ...overrides,
  };
}

export function detail(n: number, overrides: Partial<ThreadDetail> = {}): ThreadDetail {
  return {
    ...summary(n),
    participant: { id: 'p1', name: 'Maya Lopez', handle: 'maya', pictureUrl: null },
    items: [item()],
    post: {
      externalId: 'post-1',
      caption: 'Fresh sourdough every morning',
      thumbnailUrl: null,
      permalink: 'https://instagram.example/p/post-1',
      publishedAt: minutesAgo(600),
      calendarEventId: null,
    },
    notes: [],
    replyWindowEndsAt: null,
    humanAgentTag: false,
    ...overrides,
  };
}

export const COUNTS: ThreadCounts = {
  open: 3,
  unread: 100,
  needsReply: 2,
  mine: 0,
  unassigned: 3,
  done: 7,
};

export function listOf(
  threads: ThreadSummary[],
  counts: ThreadCounts = COUNTS,
  nextCursor: string | null = null,
) {
  return ok({ threads, counts, nextCursor });
}

export function inboxApi(
  handlers: Record<string, MockHandler | MockResponse>,
  role: TenantRole = 'owner',
) {
  return mockApi({
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: role,
      is_admin: false,
      memberships: [{ tenant_id: USER_ID, business_name: 'Harbour Bakery', role }],
    }),
    'GET /api/staff/members': ok([
      {
        user_id: ANA,
        full_name: 'Ana Silva',
        email: 'ana@example.com',
        role: 'staff',
        joined_at: minutesAgo(9999),
      },
    ]),
    'GET /api/platforms/connections': ok([]),
    'GET /api/inbox/unread': ok({
      comments: 120,
      messages: 2,
      waitingForReply: 3,
      notifications: 0,
    }),
    'GET /api/inbox/notifications': ok([]),
    'GET /api/inbox/saved-replies': ok([
      { id: 's1', title: 'Thanks', body: 'Thank you {first_name}! — {business_name}' },
    ]),
    ...handlers,
  });
}

/** Where the page is, as the router has it. */
export const where = { current: '' };
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    where.current = `${location.pathname}${location.search}`;
  }, [location]);
  return null;
}

export function renderPage(path = '/dashboard/social-monitor') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue()}>
        <MemoryRouter initialEntries={[path]}>
          <SocialMonitorPage />
          <LocationProbe />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** The query string of the last request to `path`. */
export function lastQuery(
  fetchMock: { mock: { calls: unknown[][] } },
  path: string,
): URLSearchParams {
  const urls = fetchMock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((url) => url.pathname === path);
  return urls.at(-1)?.searchParams ?? new URLSearchParams();
}
