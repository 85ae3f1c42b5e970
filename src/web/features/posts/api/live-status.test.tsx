import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import {
  QueryClientProvider,
  QueryObserver,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { toast, Toaster } from 'sonner';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Delivery } from '#shared/contracts/posts.contract.ts';
import { LIVE_STATUS, type LiveStatusMessage } from '#shared/contracts/publishing.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { errorLog } from '../../../lib/error-log.ts';
import { USER_ID } from '../../../test/auth-state.ts';
import { postKeys as calendarKeys } from './keys.ts';
import { announce, publishingToastId, applyLiveMessage, hasImminentPosts } from './live-cache.ts';
import { LIVE_POLL_MS, liveStatusConnection, useLiveInbox, useLiveStatus } from './live-status.ts';

/** A stand-in EventSource the test drives: open it, send it events, make it fail. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 0;
  closed = false;
  readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  fail() {
    this.onerror?.();
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) {
      listener(new MessageEvent(name, { data: JSON.stringify(data) }));
    }
  }
}

const EVENT_ID = '00000000-0000-4000-8000-0000000000e1';
const DELIVERY_ID = '00000000-0000-4000-8000-0000000000d1';

function event(extra: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: EVENT_ID,
    user_id: USER_ID,
    title: 'Spring menu launch',
    content: null,
    platforms: ['instagram'],
    type: 'post',
    status: 'publishing',
    scheduled_for: new Date(Date.now() - 60_000).toISOString(),
    created_at: new Date(0).toISOString(),
    updated_at: new Date(0).toISOString(),
    ...extra,
  };
}

function message(delivery: Partial<NonNullable<LiveStatusMessage['delivery']>> | null) {
  return {
    event_id: EVENT_ID,
    status: delivery?.status === 'failed' ? 'failed' : 'published',
    delivery: delivery && {
      id: DELIVERY_ID,
      platform: 'instagram',
      status: 'published',
      permalink: 'https://www.instagram.com/p/abc/',
      last_error: null,
      ...delivery,
    },
    at: new Date().toISOString(),
  } satisfies LiveStatusMessage;
}

const rangeKey = [...calendarKeys.all, USER_ID, 'range', 'a', 'b'] as const;

/** A page that shows one list of events and opens the live stream. */
function Page({ events }: { events: CalendarEvent[] }) {
  useLiveStatus(USER_ID, { createSource: (url) => new FakeSource(url) as never });
  const query = useQuery({ queryKey: rangeKey, queryFn: async () => events });
  return (
    <ul>
      {(query.data ?? []).map((e) => (
        <li key={e.id}>
          {e.title}: {e.status}
        </li>
      ))}
    </ul>
  );
}

function renderPage(client: QueryClient, events: CalendarEvent[]) {
  return render(
    <QueryClientProvider client={client}>
      <Page events={events} />
      <Toaster />
    </QueryClientProvider>,
  );
}

let client: QueryClient;
beforeEach(() => {
  FakeSource.all = [];
  client = createQueryClient();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('live status', () => {
  it('updates the list at once, refetches, and announces a publish with a link', async () => {
    const fetched = vi.fn();
    renderPage(client, [event()]);
    expect(await screen.findByText('Spring menu launch: publishing')).toBeTruthy();
    client.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'fetch') fetched();
    });
    const source = FakeSource.all[0]!;
    expect(source.url).toBe('/api/publishing/live');
    act(() => source.open());
    act(() => source.emit('status', message({})));
    expect(await screen.findByText('Spring menu launch: published')).toBeTruthy();
    expect(await screen.findByText('Published to Instagram')).toBeTruthy();
    expect(screen.getByText('“Spring menu launch”')).toBeTruthy();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    act(() => screen.getByRole('button', { name: 'View post' }).click());
    expect(open).toHaveBeenCalledWith(
      'https://www.instagram.com/p/abc/',
      '_blank',
      'noopener,noreferrer',
    );
    await vi.waitFor(() => expect(fetched).toHaveBeenCalled(), { timeout: 3000 });
  });

  it('says why a post on screen was not published, and stays quiet about posts elsewhere', async () => {
    renderPage(client, [event()]);
    await screen.findByText('Spring menu launch: publishing');
    const source = FakeSource.all[0]!;
    act(() => source.open());
    act(() =>
      source.emit('status', {
        ...message({ status: 'failed', permalink: null, last_error: 'Instagram refused it.' }),
      }),
    );
    expect(
      await screen.findByText('“Spring menu launch” was not published to Instagram'),
    ).toBeTruthy();
    expect(screen.getByText('Instagram refused it.')).toBeTruthy();

    act(() =>
      source.emit('status', {
        ...message({ id: '00000000-0000-4000-8000-0000000000d9' }),
        event_id: '00000000-0000-4000-8000-0000000000e9',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Published to Instagram')).toBeNull();
  });

  it('logs a message it cannot read, without a toast, and reads the lists again', async () => {
    // Also printed at its level (info, for a validation error); not needed here.
    vi.spyOn(console, 'info').mockImplementation(() => {});
    errorLog.clear();
    const toastError = vi.spyOn(toast, 'error');
    renderPage(client, [event()]);
    await screen.findByText('Spring menu launch: publishing');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const source = FakeSource.all[0]!;
    act(() => source.open());
    act(() => source.emit('status', { event_id: EVENT_ID, status: 'shipped' }));
    await vi.waitFor(() =>
      expect(errorLog.history().map((entry) => entry.component)).toEqual(['live-status']),
    );
    await vi.waitFor(
      () => expect(invalidate).toHaveBeenCalledWith({ queryKey: calendarKeys.all }),
      { timeout: 3000 },
    );
    expect(screen.getByText('Spring menu launch: publishing')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('reconnects after 1, 2, 5 and 10 s, reads everything again once back, and shares one stream', async () => {
    vi.useFakeTimers();
    const release = liveStatusConnection(client, {
      createSource: (url) => new FakeSource(url) as never,
    }).acquire(USER_ID);
    const second = liveStatusConnection(client).acquire(USER_ID);
    expect(FakeSource.all).toHaveLength(1);
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const source = FakeSource.all.at(-1)!;
      source.fail();
      expect(source.closed).toBe(true);
      const before = FakeSource.all.length;
      let waited = 0;
      while (FakeSource.all.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([...LIVE_STATUS.reconnectDelaysMs, 10_000]);

    // Not open within 10 s counts as a failure too.
    const silent = FakeSource.all.at(-1)!;
    await vi.advanceTimersByTimeAsync(LIVE_STATUS.connectTimeoutMs);
    expect(silent.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    const back = FakeSource.all.at(-1)!;
    expect(back).not.toBe(silent);
    back.open();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: calendarKeys.all });

    // The server shutting down is not a failure: reconnect within a few seconds.
    back.emit('closing', {});
    expect(back.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeSource.all.at(-1)).not.toBe(back);

    release();
    second();
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSource.all.at(-1)!.closed).toBe(true);
  });

  it('reads everything again when the server says it may have missed changes', async () => {
    let version = 0;
    const Versioned = () => {
      useLiveStatus(USER_ID, { createSource: (url) => new FakeSource(url) as never });
      const query = useQuery({
        queryKey: rangeKey,
        queryFn: async () => [event({ title: `Read ${++version}` })],
      });
      return <p>{query.data?.[0]?.title}</p>;
    };
    render(
      <QueryClientProvider client={client}>
        <Versioned />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Read 1')).toBeTruthy();
    const source = FakeSource.all[0]!;
    act(() => source.open());
    act(() => source.emit('resync', {}));
    expect(await screen.findByText('Read 2')).toBeTruthy();
    expect(source.closed).toBe(false);
  });

  it('opens a new stream when someone else signs in on the tab', () => {
    const connection = liveStatusConnection(client, {
      createSource: (url) => new FakeSource(url) as never,
    });
    const first = connection.acquire(USER_ID);
    first();
    const other = connection.acquire('00000000-0000-4000-8000-0000000000f2');
    expect(FakeSource.all).toHaveLength(2);
    expect(FakeSource.all[0]!.closed).toBe(true);
    expect(FakeSource.all[1]!.closed).toBe(false);
    other();
  });

  it('polls every 30 s while the stream is down and a post on screen is about to go out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const soon = new Date(Date.now() + 120_000).toISOString();
    renderPage(client, [event({ status: 'scheduled', scheduled_for: soon })]);
    await screen.findByText('Spring menu launch: scheduled');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    // While the stream is open, nothing is polled.
    FakeSource.all[0]!.open();
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS + 1000);
    expect(invalidate).not.toHaveBeenCalled();
    FakeSource.all[0]!.fail();
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS + 1000);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: calendarKeys.all });
  });
});

describe('inbox messages', () => {
  it('reach the social monitor on the same stream as the calendar’s, with a full read when it opens and after a resync', () => {
    const heard: unknown[] = [];
    const Both = () => {
      useLiveStatus(USER_ID, { createSource: (url) => new FakeSource(url) as never });
      useLiveInbox(USER_ID, (data) => heard.push(data));
      return null;
    };
    const view = render(
      <QueryClientProvider client={client}>
        <Both />
      </QueryClientProvider>,
    );
    expect(FakeSource.all).toHaveLength(1);
    const source = FakeSource.all[0]!;
    act(() => source.open());
    // Opening reads the inbox again: what came before the stream was open was told to nobody.
    expect(heard).toEqual([null]);
    const inbox = { threadId: EVENT_ID, kind: 'comment', change: 'item' };
    act(() => source.emit('inbox', inbox));
    act(() => source.emit('resync', {}));
    expect(heard).toEqual([null, inbox, null]);
    view.unmount();
    act(() => source.emit('inbox', inbox));
    expect(heard).toHaveLength(3);
  });
});

describe('the cache', () => {
  it('knows when a post on screen is due soon or going out', () => {
    const seen = (events: CalendarEvent[]) => {
      const c = createQueryClient();
      c.setQueryData(rangeKey, events);
      // Only queries someone looks at count.
      expect(hasImminentPosts(c)).toBe(false);
      const stop = new QueryObserver(c, {
        queryKey: rangeKey,
        queryFn: async () => events,
        staleTime: Infinity,
      }).subscribe(() => {});
      const answer = hasImminentPosts(c);
      stop();
      return answer;
    };
    const now = Date.now();
    expect(seen([event({ status: 'publishing' })])).toBe(true);
    expect(
      seen([event({ status: 'scheduled', scheduled_for: new Date(now + 60_000).toISOString() })]),
    ).toBe(true);
    expect(
      seen([
        event({ status: 'scheduled', scheduled_for: new Date(now + 3_600_000).toISOString() }),
      ]),
    ).toBe(false);
    expect(seen([event({ status: 'published' })])).toBe(false);
  });

  it('replaces the Publishing now toast once an account has answered', () => {
    const dismiss = vi.spyOn(toast, 'dismiss');
    announce(client, message({}));
    expect(dismiss).toHaveBeenCalledWith(publishingToastId(EVENT_ID));
  });

  it('announces a post open in its dialog, by the title a cached list knows', () => {
    const success = vi.spyOn(toast, 'success');
    // The dialog reads the event's deliveries; no list on screen shows the event.
    const stop = new QueryObserver(client, {
      queryKey: calendarKeys.platformPosts(EVENT_ID),
      queryFn: async () => [],
      staleTime: Infinity,
    }).subscribe(() => {});
    announce(client, message({}));
    expect(success).toHaveBeenLastCalledWith(
      'Published to Instagram',
      expect.objectContaining({ description: 'Your post' }),
    );
    client.setQueryData(rangeKey, [event()]);
    announce(client, message({ id: '00000000-0000-4000-8000-0000000000d2' }));
    expect(success).toHaveBeenLastCalledWith(
      'Published to Instagram',
      expect.objectContaining({ description: '“Spring menu launch”' }),
    );
    // Closed, and in no list being looked at: nothing to say.
    stop();
    announce(client, message({ id: '00000000-0000-4000-8000-0000000000d3' }));
    expect(success).toHaveBeenCalledTimes(2);
  });

  it('updates an open post’s deliveries and drops a deleted event from the lists', () => {
    const postsKey = [...calendarKeys.all, 'platform-posts', EVENT_ID];
    const post: Partial<Delivery> = {
      id: DELIVERY_ID,
      platform: 'instagram',
      status: 'publishing',
      permalink: null,
      attempts: 0,
      last_error: null,
      updated_at: new Date(0).toISOString(),
    };
    client.setQueryData(postsKey, [post]);
    client.setQueryData(rangeKey, [event()]);
    applyLiveMessage(client, message({}));
    expect(client.getQueryData(postsKey)).toEqual([
      { ...post, status: 'published', permalink: 'https://www.instagram.com/p/abc/' },
    ]);
    applyLiveMessage(client, { ...message(null), status: null });
    expect(client.getQueryData(rangeKey)).toEqual([]);
  });
});
