import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../test/mock-api.ts';
import {
  detail,
  inboxApi,
  item,
  lastQuery,
  listOf,
  renderPage,
  summary,
  threadIdOf,
} from './social-monitor.test-helpers.tsx';

// The social monitor (docs/product/screens.md#social-monitor, docs/decisions/091): the list with
// its filters and counts, a comment thread and a conversation, a reply shown at once and then
// reconciled with the server's answer or refused with the text kept, the closed reply window,
// and the keyboard.

describe('the thread list', () => {
  it('shows the threads with counts per filter, capped at 99+, and filters on the server', async () => {
    const { fetchMock } = inboxApi({
      'GET /api/inbox/threads': listOf([
        summary(1, { unreadCount: 2, sentiment: 'negative' }),
        summary(2, { needsReply: false, assignedTo: { userId: 'u', name: 'Ana Silva' } }),
      ]),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Threads' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Person 1')).toBeTruthy();
    expect(within(list).getByText('2 new')).toBeTruthy();
    expect(within(list).getByText('Negative')).toBeTruthy();
    expect(within(list).getByText('Ana Silva')).toBeTruthy();
    // The unread count (100) is above the cap; the tabs carry the unread numbers.
    const quick = screen.getByRole('group', { name: 'Quick filters' });
    expect(within(quick).getByRole('button', { name: /Unread 99\+/ })).toBeTruthy();
    expect(within(quick).getByRole('button', { name: /Done 7/ })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Comments/ }).textContent).toBe('Comments 99+ unread'),
    );

    fireEvent.click(within(quick).getByRole('button', { name: /Unread/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/inbox/threads').get('unread')).toBe('true'),
    );
    fireEvent.change(screen.getByLabelText('Sentiment'), { target: { value: 'negative' } });
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/inbox/threads').get('sentiment')).toBe('negative'),
    );
    fireEvent.click(screen.getByRole('tab', { name: /Messages/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/inbox/threads').get('tab')).toBe('messages'),
    );
  });

  it('loads the next page with the cursor the previous one named', async () => {
    const { fetchMock } = inboxApi({
      'GET /api/inbox/threads': (request) => {
        void request;
        const cursor = lastQuery(fetchMock, '/api/inbox/threads').get('cursor');
        return cursor === 'page-2'
          ? listOf([summary(3)])
          : listOf([summary(1), summary(2)], undefined, 'page-2');
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Person 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('the thread view', () => {
  it('shows the post and the comment with its replies threaded, and who replied', async () => {
    inboxApi({
      'GET /api/inbox/threads': listOf([summary(1)]),
      [`GET /api/inbox/threads/${threadIdOf(1)}`]: ok(
        detail(1, {
          items: [
            item(),
            item({
              id: 'item-2',
              externalId: 'c2',
              parentExternalId: 'c1',
              direction: 'out',
              origin: 'app',
              author: { id: null, name: 'Rosa Bakery', handle: 'rosabakery', pictureUrl: null },
              text: 'Yes, every Friday!',
              sentBy: { userId: 'u', name: 'Ana Silva' },
            }),
          ],
        }),
      ),
    });
    renderPage(`/dashboard/social-monitor?thread=${threadIdOf(1)}`);
    const post = await screen.findByRole('region', { name: 'The post' });
    expect(within(post).getByText('Fresh sourdough every morning')).toBeTruthy();
    expect(
      within(post)
        .getByRole('link', { name: /View on Instagram/ })
        .getAttribute('href'),
    ).toBe('https://instagram.example/p/post-1');
    const replies = screen.getByRole('list', { name: 'Replies to Maya Lopez' });
    expect(within(replies).getByText('Yes, every Friday!')).toBeTruthy();
    expect(within(replies).getByText('Replied by Ana Silva')).toBeTruthy();
    // Instagram has no like; hide and private reply are there.
    const comment = screen.getByRole('article', { name: 'Comment by Maya Lopez' });
    expect(within(comment).queryByRole('button', { name: 'Like' })).toBeNull();
    expect(within(comment).getByRole('button', { name: 'Hide' })).toBeTruthy();
  });

  it('shows a conversation with ours on the right, what was sent from the app and read receipts', async () => {
    inboxApi({
      'GET /api/inbox/threads': listOf([summary(1, { kind: 'conversation' })]),
      [`GET /api/inbox/threads/${threadIdOf(1)}`]: ok(
        detail(1, {
          kind: 'conversation',
          post: null,
          replyWindowEndsAt: new Date(Date.now() + 5 * 3_600_000 + 60_000).toISOString(),
          items: [
            item({ kind: 'message', text: 'Are you open on Sunday?' }),
            item({
              id: 'm2',
              externalId: 'm2',
              kind: 'message',
              direction: 'out',
              origin: 'platform',
              text: 'Yes, 9 to 13.',
              readAt: new Date().toISOString(),
            }),
          ],
        }),
      ),
    });
    renderPage(`/dashboard/social-monitor?tab=messages&thread=${threadIdOf(1)}`);
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('Sent from Instagram')).toBeTruthy();
    expect(within(messages).getByText(/^Seen/)).toBeTruthy();
    expect(screen.getByText(/Reply window: 5 h( \d+ min)? left/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message to Maya Lopez' })).toBeTruthy();
  });

  it('closes the composer with the reason once the 24-hour window has passed', async () => {
    inboxApi({
      'GET /api/inbox/threads': listOf([summary(1, { kind: 'conversation' })]),
      [`GET /api/inbox/threads/${threadIdOf(1)}`]: ok(
        detail(1, {
          kind: 'conversation',
          post: null,
          replyWindowEndsAt: null,
          lastInboundAt: new Date(Date.now() - 30 * 3_600_000).toISOString(),
          items: [item({ kind: 'message', text: 'Hello?' })],
        }),
      ),
    });
    renderPage(`/dashboard/social-monitor?tab=messages&thread=${threadIdOf(1)}`);
    expect(await screen.findByText('The reply window has closed')).toBeTruthy();
    expect(screen.getByText(/only within 24 hours of the person’s last message/)).toBeTruthy();
    expect(screen.getByText(/Their last message was 1 d 6 h ago/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Message to/ })).toBeNull();
  });
});

describe('roles', () => {
  it('lets a viewer read a thread without answering, assigning or configuring', async () => {
    inboxApi(
      {
        'GET /api/inbox/threads': listOf([summary(1)]),
        [`GET /api/inbox/threads/${threadIdOf(1)}`]: ok(detail(1)),
        'GET /api/inbox/moderation/rules': ok([]),
        'GET /api/inbox/moderation/actions': ok([]),
      },
      'viewer',
    );
    renderPage(`/dashboard/social-monitor?thread=${threadIdOf(1)}`);
    expect(await screen.findByText(/Your role can read the inbox/)).toBeTruthy();
    const comment = screen.getByRole('article', { name: 'Comment by Maya Lopez' });
    expect(within(comment).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Reply to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark done' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Assign' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Moderation' }));
    expect(await screen.findByText('No rules yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New rule' })).toBeNull();
  });
});
