import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InboxItem, ReplyInput } from '#shared/contracts/inbox.contract.ts';
import { fail, ok, type MockResponse } from '../../../test/mock-api.ts';
import {
  detail,
  inboxApi,
  item,
  listOf,
  renderPage,
  summary,
  threadIdOf,
  ANA,
  where,
} from './social-monitor.test-helpers.tsx';

// Actions on a thread: a reply shows at once as "Sending…", then becomes the server's item; a
// refusal takes it away, puts the text back and says why; the keyboard moves and acts.

const THREAD = threadIdOf(1);

function deferred() {
  let resolve!: (value: MockResponse) => void;
  const promise = new Promise<MockResponse>((r) => (resolve = r));
  return { promise, resolve };
}

function answerTo(body: ReplyInput): InboxItem {
  return item({
    id: 'item-server',
    externalId: 'c-server',
    parentExternalId: 'c1',
    direction: 'out',
    origin: 'app',
    author: { id: null, name: 'Rosa Bakery', handle: 'rosabakery', pictureUrl: null },
    text: body.text,
    sentBy: { userId: 'me', name: 'Olivia Owner' },
  });
}

describe('replying', () => {
  it('shows the reply at once and then the server’s item in its place', async () => {
    const answer = deferred();
    const stored: InboxItem[] = [item()];
    const { calls } = inboxApi({
      'GET /api/inbox/threads': listOf([summary(1)]),
      [`GET /api/inbox/threads/${THREAD}`]: () => ok(detail(1, { items: [...stored] })),
      [`POST /api/inbox/threads/${THREAD}/replies`]: async () => {
        const response = await answer.promise;
        stored.push((response.body as { data: InboxItem }).data);
        return response;
      },
    });
    renderPage(`/dashboard/social-monitor?thread=${THREAD}`);
    const box = await screen.findByRole('textbox', { name: 'Reply to Maya Lopez' });
    fireEvent.change(box, { target: { value: 'Yes, every Friday!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Sending…')).toBeTruthy();
    expect(screen.getByText('Yes, every Friday!')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    const sent = calls.find((c) => c.method === 'POST')!.body as ReplyInput;
    expect(sent.text).toBe('Yes, every Friday!');
    expect(sent.clientRef).toMatch(/^[0-9a-f-]{36}$/);

    await act(async () => answer.resolve(ok(answerTo(sent))));
    expect(await screen.findByText('Replied by Olivia Owner')).toBeTruthy();
    expect(screen.queryByText('Sending…')).toBeNull();
    expect(screen.getAllByText('Yes, every Friday!')).toHaveLength(1);
  });

  it('keeps the text and shows the server’s reason when the reply is refused', async () => {
    inboxApi({
      'GET /api/inbox/threads': listOf([summary(1)]),
      [`GET /api/inbox/threads/${THREAD}`]: ok(detail(1)),
      [`POST /api/inbox/threads/${THREAD}/replies`]: fail(
        422,
        'BUSINESS_RULE_VIOLATION',
        'Instagram no longer accepts replies to this comment: it was deleted.',
      ),
    });
    renderPage(`/dashboard/social-monitor?thread=${THREAD}`);
    const box = await screen.findByRole('textbox', { name: 'Reply to Maya Lopez' });
    fireEvent.change(box, { target: { value: 'Thanks Maya!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText(
        'Instagram no longer accepts replies to this comment: it was deleted.',
      ),
    ).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Thanks Maya!');
    expect(screen.queryByText('Sending…')).toBeNull();
  });

  it('checks the platform’s limit before sending: 1,000 bytes in an Instagram message', async () => {
    const { calls } = inboxApi({
      'GET /api/inbox/threads': listOf([summary(1, { kind: 'conversation' })]),
      [`GET /api/inbox/threads/${THREAD}`]: ok(
        detail(1, {
          kind: 'conversation',
          post: null,
          replyWindowEndsAt: new Date(Date.now() + 3_600_000 * 3).toISOString(),
          items: [item({ kind: 'message', text: 'Hi' })],
        }),
      ),
    });
    renderPage(`/dashboard/social-monitor?tab=messages&thread=${THREAD}`);
    const box = await screen.findByRole('textbox', { name: 'Message to Maya Lopez' });
    // 400 characters, 1,200 bytes.
    fireEvent.change(box, { target: { value: '€'.repeat(400) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Instagram takes up to 1,000 bytes in a message; this one has 1,200.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('hides a comment at once and shows it hidden', async () => {
    let hidden = false;
    const { calls } = inboxApi({
      'GET /api/inbox/threads': listOf([summary(1)]),
      [`GET /api/inbox/threads/${THREAD}`]: () =>
        ok(detail(1, { items: [item({ hidden, hiddenBy: hidden ? 'person' : null })] })),
      'POST /api/inbox/items/item-1/actions': () => {
        hidden = true;
        return ok(item({ hidden: true, hiddenBy: 'person' }));
      },
    });
    renderPage(`/dashboard/social-monitor?thread=${THREAD}`);
    const comment = await screen.findByRole('article', { name: 'Comment by Maya Lopez' });
    fireEvent.click(within(comment).getByRole('button', { name: 'Hide' }));
    expect(await within(comment).findByRole('button', { name: 'Unhide' })).toBeTruthy();
    expect(within(comment).getByText('Hidden')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'hide' });
  });
});

describe('the keyboard', () => {
  it('moves with j and k, marks done with e, focuses the reply with r, never while typing', async () => {
    let status: 'open' | 'done' = 'open';
    const { calls } = inboxApi({
      'GET /api/inbox/threads': listOf([summary(1), summary(2)]),
      [`GET /api/inbox/threads/${threadIdOf(1)}`]: ok(detail(1)),
      [`GET /api/inbox/threads/${threadIdOf(2)}`]: () => ok(detail(2, { status })),
      [`PUT /api/inbox/threads/${threadIdOf(2)}/status`]: () => {
        status = 'done';
        return ok(summary(2, { status }));
      },
    });
    renderPage();
    await screen.findByRole('list', { name: 'Threads' });

    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(where.current).toContain(`thread=${threadIdOf(1)}`));
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(where.current).toContain(`thread=${threadIdOf(2)}`));
    expect(await screen.findByRole('status', { name: '' })).toBeTruthy();
    expect(screen.getByText(/Thread 2 of 2: Person 2/)).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'k' });
    await waitFor(() => expect(where.current).toContain(`thread=${threadIdOf(1)}`));
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(where.current).toContain(`thread=${threadIdOf(2)}`));

    const box = await screen.findByRole('textbox', { name: 'Reply to Maya Lopez' });
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(document.activeElement).toBe(box);
    // Typing "e" in the reply box types; it does not mark the thread done.
    fireEvent.keyDown(box, { key: 'e' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.keyDown(document.body, { key: 'e' });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'done' }),
    );
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(screen.getByText('Marked done')).toBeTruthy();

    fireEvent.keyDown(document.body, { key: '?' });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });
});

describe('assigning and saved replies', () => {
  it('opens the assign menu with a, assigns a member and inserts a saved reply filled in', async () => {
    let assigned: { userId: string; name: string } | null = null;
    const { calls } = inboxApi({
      'GET /api/inbox/threads': () => listOf([summary(1, { assignedTo: assigned })]),
      [`GET /api/inbox/threads/${THREAD}`]: () => ok(detail(1, { assignedTo: assigned })),
      [`PUT /api/inbox/threads/${THREAD}/assignee`]: () => {
        assigned = { userId: ANA, name: 'Ana Silva' };
        return ok(summary(1, { assignedTo: assigned }));
      },
    });
    renderPage(`/dashboard/social-monitor?thread=${THREAD}`);
    await screen.findByRole('textbox', { name: 'Reply to Maya Lopez' });
    fireEvent.keyDown(document.body, { key: 'a' });
    const menu = await screen.findByRole('menu');
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Ana Silva/ }));
    expect(await screen.findByRole('button', { name: 'Ana Silva' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ userId: ANA }),
    );
    const row = within(screen.getByRole('list', { name: 'Threads' })).getByRole('button', {
      name: /Person 1/,
    });
    await waitFor(() => expect(row.textContent).toContain('Ana Silva'));

    const form = screen.getByRole('form', { name: 'Reply' });
    fireEvent.pointerDown(within(form).getByRole('button', { name: 'Saved replies' }), {
      button: 0,
      ctrlKey: false,
    });
    const saved = await screen.findByRole('menu');
    fireEvent.click(await within(saved).findByRole('menuitem', { name: /Thanks/ }));
    expect(
      (screen.getByRole('textbox', { name: 'Reply to Maya Lopez' }) as HTMLTextAreaElement).value,
    ).toBe('Thank you Maya! — Harbour Bakery');
  });
});
