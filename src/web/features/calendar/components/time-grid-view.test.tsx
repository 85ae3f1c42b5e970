import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { addDays, type PlainDate } from '../../../lib/zoned-time.ts';
import { indexEvents, openingHour } from '../lib/calendar-model.ts';
import type { SlotActions } from './month-view.tsx';
import { TimeGridView } from './time-grid-view.tsx';

// Where the week and day views open: the first post's hour, now for today, or 07:00. jsdom lays
// nothing out, so each hour row is given a height here (44 px under a 30 px header).

const ZONE = 'Europe/London';
const ROW = 44;
const HEADER = 30;
const MONDAY: PlainDate = { year: 2026, month: 6, day: 8 };
const WEEK = Array.from({ length: 7 }, (_, i) => addDays(MONDAY, i));

function post(id: number, scheduledFor: string): CalendarEvent {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    user_id: '00000000-0000-4000-8000-000000000001',
    title: `Post ${id}`,
    content: null,
    platforms: ['instagram'],
    type: 'post',
    status: 'scheduled',
    scheduled_for: scheduledFor,
    created_at: scheduledFor,
    updated_at: scheduledFor,
  } satisfies CalendarEvent;
}

const actions: SlotActions = {
  canEdit: false,
  onOpen: () => {},
  onKeyboardMove: () => {},
  onCreate: () => {},
  onDrop: () => {},
  onShowDay: () => {},
};

const layout = {
  offsetTop: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop')!,
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!,
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
    configurable: true,
    get(this: HTMLElement) {
      const hour = this.dataset.hour;
      return hour === undefined ? 0 : HEADER + Number(hour) * ROW;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-grid-header') ? HEADER : ROW;
    },
  });
});
afterAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', layout.offsetTop);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', layout.offsetHeight);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Now is `iso` (wall clock); today in London follows from it. */
function at(iso: string): PlainDate {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function view(days: PlainDate[], events: CalendarEvent[], today: PlainDate) {
  const props = {
    days,
    today,
    timeZone: ZONE,
    label: 'Week',
    actions,
  };
  const screen = render(<TimeGridView {...props} byHour={indexEvents(events, ZONE).byHour} />);
  const scroller = () => screen.container.querySelector('[role="table"]')!.parentElement!;
  return {
    /** The hour row at the top of the scrolled area. */
    topHour: () => scroller().scrollTop / ROW,
    scrollTo: (hour: number) => {
      scroller().scrollTop = hour * ROW;
    },
    show(nextDays: PlainDate[], nextEvents: CalendarEvent[]) {
      screen.rerender(
        <TimeGridView {...props} days={nextDays} byHour={indexEvents(nextEvents, ZONE).byHour} />,
      );
    },
  };
}

describe('the week and day views open', () => {
  it('at the earliest hour holding a post in the week, even when it is after 07:00', () => {
    const today = at('2026-05-20T09:00:00Z');
    // Tuesday 15:00 and Thursday 11:30, London summer time (UTC+1).
    const grid = view(
      WEEK,
      [post(1, '2026-06-09T14:00:00Z'), post(2, '2026-06-11T10:30:00Z')],
      today,
    );
    expect(grid.topHour()).toBe(11);
  });

  it('at an early post too, before 07:00', () => {
    const today = at('2026-05-20T09:00:00Z');
    const grid = view(WEEK, [post(1, '2026-06-10T04:15:00Z')], today);
    expect(grid.topHour()).toBe(5);
  });

  it('at the current hour on today without posts, at 07:00 on another day without posts', () => {
    const today = at('2026-06-10T15:20:00Z');
    expect(view(WEEK, [], today).topHour()).toBe(16);
    expect(view([addDays(MONDAY, 4)], [], today).topHour()).toBe(7);
  });

  it('moves to the posts once they load, unless the reader has scrolled meanwhile', () => {
    const today = at('2026-05-20T09:00:00Z');
    const first = view(WEEK, [], today);
    expect(first.topHour()).toBe(7);
    first.show(WEEK, [post(1, '2026-06-12T17:00:00Z')]);
    expect(first.topHour()).toBe(18);
    // A post moved later, or another loaded, scrolls nothing once the view is on a post.
    first.show(WEEK, [post(1, '2026-06-12T08:00:00Z')]);
    expect(first.topHour()).toBe(18);

    const second = view(WEEK, [], today);
    second.scrollTo(3);
    second.show(WEEK, [post(1, '2026-06-12T17:00:00Z')]);
    expect(second.topHour()).toBe(3);
  });

  it('again for the next week', () => {
    const today = at('2026-05-20T09:00:00Z');
    const grid = view(WEEK, [post(1, '2026-06-09T14:00:00Z')], today);
    expect(grid.topHour()).toBe(15);
    const next = WEEK.map((d) => addDays(d, 7));
    grid.show(next, [post(2, '2026-06-16T09:00:00Z')]);
    expect(grid.topHour()).toBe(10);
  });
});

describe('openingHour', () => {
  it('says whether the hour is a post’s', () => {
    const today = MONDAY;
    const { byHour } = indexEvents([post(1, '2026-06-09T14:00:00Z')], ZONE);
    expect(openingHour(WEEK, byHour, { today, hour: 10 })).toEqual({ hour: 15, fromPost: true });
    expect(openingHour(WEEK, new Map(), { today, hour: 10 })).toEqual({
      hour: 10,
      fromPost: false,
    });
    expect(openingHour([addDays(MONDAY, 1)], new Map(), { today, hour: 10 })).toEqual({
      hour: 7,
      fromPost: false,
    });
  });
});
