import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EngineSession, ToolCall } from '#shared/contracts/engine-room.contract.ts';
import { fail, ok } from '../../../test/mock-api.ts';
import { engineRoomActions, engineRoomStore } from '../engine-room-store.ts';
import {
  CAMPAIGN_ID,
  EventStream,
  OTHER_SESSION_ID,
  POST_IDS,
  SESSION_ID,
  campaign,
  draftCall,
  installApi,
  message,
  renderPage,
  session,
} from './engine-room.test-helpers.tsx';

const SESSION_PATH = `/api/engine-room/sessions/${SESSION_ID}`;
const SESSION_URL = `/dashboard/engine-room/sessions/${SESSION_ID}`;

function withProposal(call: ToolCall = draftCall()): EngineSession {
  return session({
    messageCount: 2,
    messages: [
      message({ content: 'Draft 2 posts for next week' }),
      message({
        id: '00000000-0000-4000-8000-00000000d002',
        role: 'assistant',
        content: 'Here are two drafts for next week.',
        engine: 'offline',
        authorId: null,
        toolCalls: [call],
      }),
    ],
  });
}

afterEach(() => engineRoomStore.reset());

describe('Engine room page', () => {
  it('opens on the Prompt tab with suggestions for an empty session', async () => {
    installApi();
    renderPage();
    expect(screen.getByRole('tab', { name: 'Prompt' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Sessions' }).getAttribute('aria-selected')).toBe(
      'false',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Find photos of…' }));
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'Find photos of ',
    );
    expect(screen.getByText('15 / 4000')).toBeTruthy();
  });

  it('refuses an empty message in the browser', async () => {
    const { calls } = installApi();
    renderPage();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' });
    expect(await screen.findByText('Write a message')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('starts a session on the first message, opens its address and streams the answer', async () => {
    const stream = new EventStream();
    let stored = session();
    const { calls, sent } = installApi(
      {
        'POST /api/engine-room/sessions': ok(session()),
        [`GET ${SESSION_PATH}`]: () => ok(stored),
      },
      [stream],
    );
    const router = renderPage();
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Draft 2 posts for next week' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls).toHaveLength(calls.filter((c) => c.method === 'GET').length);
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(router.state.location.pathname).toBe(SESSION_URL));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Draft 2 posts for next week',
    });
    expect(engineRoomStore.get().sessionId).toBe(SESSION_ID);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: `${SESSION_PATH}/messages`,
      body: { content: 'Draft 2 posts for next week' },
    });
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    const done = withProposal();
    act(() => {
      stream.send({ type: 'message', message: done.messages[0]! });
      stream.send({ type: 'text', delta: 'Here are two ' });
    });
    expect(await screen.findByText('Here are two')).toBeTruthy();
    act(() => stream.send({ type: 'text', delta: 'drafts for next week.' }));
    expect(await screen.findByText('Here are two drafts for next week.')).toBeTruthy();

    act(() => stream.send({ type: 'tool_call', toolCall: draftCall() }));
    const card = await screen.findByRole('article', { name: 'Posts to add' });
    expect(
      (within(card).getByRole('button', { name: 'Add to calendar as drafts' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    stored = done;
    act(() => {
      stream.send({ type: 'done', message: done.messages[1]! });
      stream.end();
    });
    expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();
    const settled = await screen.findByRole('article', { name: 'Posts to add' });
    await waitFor(() =>
      expect(
        (
          within(settled).getByRole('button', {
            name: 'Add to calendar as drafts',
          }) as HTMLButtonElement
        ).disabled,
      ).toBe(false),
    );
    expect(screen.getAllByText('Offline engine').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Draft 2 posts for next week')).toHaveLength(1);
  });

  it('shows the error the stream ends with', async () => {
    const stream = new EventStream();
    installApi({ [`GET ${SESSION_PATH}`]: ok(session()) }, [stream]);
    renderPage(SESSION_URL);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'When should I post?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Stop' });
    act(() => {
      stream.send({
        type: 'error',
        error: { code: 'AI_UNAVAILABLE', message: 'The content engine is busy. Try again soon.' },
      });
      stream.end();
    });
    expect(await screen.findByText('The content engine is busy. Try again soon.')).toBeTruthy();
  });

  it('stops a streaming answer', async () => {
    const stream = new EventStream();
    installApi({ [`GET ${SESSION_PATH}`]: ok(session()) }, [stream]);
    renderPage(SESSION_URL);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Plan a two-week campaign for Christmas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('reopens a shared session address with its messages', async () => {
    installApi({ [`GET ${SESSION_PATH}`]: ok(withProposal()) });
    renderPage(SESSION_URL);
    expect(await screen.findByText('Here are two drafts for next week.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Christmas posts' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Posts to add' });
    expect(within(card).getByText('Warm cinnamon buns are back this Tuesday')).toBeTruthy();
    expect(within(card).getByText('Reel')).toBeTruthy();
    expect(within(card).getByText('No time yet')).toBeTruthy();
    expect(engineRoomStore.get().sessionId).toBe(SESSION_ID);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('opens the Sessions tab from the sessions address, back on the last session', async () => {
    installApi({ [`GET ${SESSION_PATH}`]: ok(session()) });
    engineRoomActions.setSessionId(SESSION_ID);
    const router = renderPage('/dashboard/engine-room/sessions');
    await waitFor(() => expect(router.state.location.pathname).toBe(SESSION_URL));
    expect(screen.getByRole('tab', { name: 'Sessions' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('resumes the last session when the engine room is opened again', async () => {
    installApi({ [`GET ${SESSION_PATH}`]: ok(withProposal()) });
    engineRoomActions.setSessionId(SESSION_ID);
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe(SESSION_URL));
    expect(await screen.findByText('Here are two drafts for next week.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/engine-room'));
    expect(engineRoomStore.get().sessionId).toBeNull();
    expect(screen.getByRole('button', { name: 'When should I post?' })).toBeTruthy();
  });

  it('says when a shared session is gone', async () => {
    installApi({ [`GET ${SESSION_PATH}`]: fail(404, 'NOT_FOUND', 'Not found') });
    const router = renderPage(SESSION_URL);
    expect(await screen.findByText('This session could not be found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start a new session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/engine-room'));
  });

  it('confirms a proposed tool call and shows what it did', async () => {
    let stored = withProposal();
    const { calls } = installApi({
      [`GET ${SESSION_PATH}`]: () => ok(stored),
      [`POST ${SESSION_PATH}/tool-calls/call-1`]: () => {
        const call = draftCall({
          status: 'done',
          result: { summary: 'Added 2 drafts to the calendar.', postIds: POST_IDS },
        });
        stored = withProposal(call);
        return ok(call);
      },
    });
    renderPage(SESSION_URL);
    const card = await screen.findByRole('article', { name: 'Posts to add' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add to calendar as drafts' }));
    expect(await within(card).findByText('Added 2 drafts to the calendar.')).toBeTruthy();
    expect(within(card).getByText('Done')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Open post 1 in the calendar' }).getAttribute('href'),
    ).toBe(`/dashboard/calendar?event=${POST_IDS[0]}`);
    expect(within(card).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/tool-calls/call-1'))).toHaveLength(1);
  });

  it('creates a campaign draft from a plan and links to it', async () => {
    const plan: ToolCall = {
      id: 'call-2',
      tool: 'plan_campaign',
      status: 'proposed',
      result: null,
      args: {
        campaignId: null,
        name: 'Winter warmers',
        goal: 'Sell more hot drinks',
        startsOn: '2026-12-01',
        endsOn: '2026-12-14',
        connectionIds: [campaign().connectionIds[0]],
        postsPerWeek: 3,
      },
    };
    let stored = withProposal(plan);
    installApi({
      [`GET ${SESSION_PATH}`]: () => ok(stored),
      [`POST ${SESSION_PATH}/tool-calls/call-2`]: () => {
        const call: ToolCall = {
          ...plan,
          status: 'done',
          result: { summary: 'Campaign draft created.', campaignId: CAMPAIGN_ID },
        };
        stored = withProposal(call);
        return ok(call);
      },
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: ok(campaign()),
    });
    renderPage(SESSION_URL);
    const card = await screen.findByRole('article', { name: 'Campaign plan' });
    expect(within(card).getByText('Sell more hot drinks')).toBeTruthy();
    expect(await within(card).findByText('Rosa Bakery')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Create campaign draft' }));
    const link = await within(card).findByRole('link', { name: 'Open the campaign' });
    expect(link.getAttribute('href')).toBe(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    fireEvent.click(within(card).getByRole('button', { name: 'Show in the Campaign tab' }));
    expect(screen.getByRole('tab', { name: 'Campaign' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'Winter warmers' })).toBeTruthy();
  });

  it('shows the catalogue message when a confirmation is refused', async () => {
    installApi({
      [`GET ${SESSION_PATH}`]: ok(withProposal()),
      [`POST ${SESSION_PATH}/tool-calls/call-1`]: fail(
        409,
        'WORKFLOW_STATE_INVALID',
        'This proposal was already handled.',
      ),
    });
    renderPage(SESSION_URL);
    const card = await screen.findByRole('article', { name: 'Posts to add' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add to calendar as drafts' }));
    expect((await within(card).findByRole('alert')).textContent).toBeTruthy();
  });

  it('dismisses a proposed tool call', async () => {
    let stored = withProposal();
    const { calls } = installApi({
      [`GET ${SESSION_PATH}`]: () => ok(stored),
      [`DELETE ${SESSION_PATH}/tool-calls/call-1`]: () => {
        const call = draftCall({ status: 'dismissed' });
        stored = withProposal(call);
        return ok(call);
      },
    });
    renderPage(SESSION_URL);
    const card = await screen.findByRole('article', { name: 'Posts to add' });
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(await within(card).findByText('Dismissed')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Add to calendar as drafts' })).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('lists, opens, renames and deletes sessions', async () => {
    let list = [
      session({ messageCount: 2 }),
      session({ id: OTHER_SESSION_ID, title: 'Spring menu', messageCount: 4 }),
    ];
    const { calls } = installApi({
      'GET /api/engine-room/sessions': () => ok(list),
      [`PATCH ${SESSION_PATH}`]: ({ body }) => {
        list = list.map((s) => (s.id === SESSION_ID ? { ...s, ...(body as object) } : s));
        return ok(list[0]);
      },
      [`DELETE /api/engine-room/sessions/${OTHER_SESSION_ID}`]: () => {
        list = list.filter((s) => s.id !== OTHER_SESSION_ID);
        return ok({ deleted: true });
      },
      [`GET ${SESSION_PATH}`]: ok(withProposal()),
    });
    const router = renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(await screen.findByText('2 messages', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rename Christmas posts' }));
    const name = screen.getByRole('textbox', { name: 'Session name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name the session')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Advent posts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Open Advent posts' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Advent posts' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Spring menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete session' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open Spring menu' })).toBeNull(),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Open Advent posts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SESSION_URL));
    expect(screen.getByRole('tab', { name: 'Prompt' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Here are two drafts for next week.')).toBeTruthy();
  });

  it('shows the campaign in view with its planned posts, or says there is none', async () => {
    installApi({ [`GET /api/campaigns/${CAMPAIGN_ID}`]: ok(campaign()) });
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Campaign' }));
    expect(screen.getByText('No campaign in view')).toBeTruthy();

    act(() => engineRoomActions.viewCampaign(CAMPAIGN_ID));
    expect(await screen.findByRole('heading', { name: 'Winter warmers' })).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByText('Hot chocolate season starts today')).toBeTruthy();
    expect(screen.getByText('1 planned post')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in Campaigns' }).getAttribute('href')).toBe(
      `/dashboard/campaigns/${CAMPAIGN_ID}`,
    );
  });

  it("shows the session's campaign on the Campaign tab", async () => {
    installApi({
      [`GET ${SESSION_PATH}`]: ok(session({ campaignId: CAMPAIGN_ID })),
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: ok(campaign()),
    });
    renderPage(SESSION_URL);
    await screen.findByRole('heading', { name: 'Christmas posts' });
    fireEvent.click(screen.getByRole('tab', { name: 'Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Winter warmers' })).toBeTruthy();
  });
});
