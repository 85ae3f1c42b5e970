import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  REPO_ROOT,
  formatMs,
  log,
  median,
  percentile,
  readConfig,
  round,
  table,
  type BenchConfig,
} from './lib.ts';

// The calendar's month view with 2,000 posts in one month, rendered by React into jsdom: the
// real MonthView, EventChip and indexEvents of src/web/features/calendar, nothing mocked.
//
// Why jsdom and not Chromium: what grows with the number of posts is JavaScript work — indexing
// the events by day and building React elements and DOM nodes — and jsdom runs exactly that
// code. Layout and paint are what it leaves out, and those do not grow with the number of posts:
// a month cell shows at most three events and a "+N more" link, so the grid holds at most
// 42 × 4 items whether the month has 200 posts or 20,000. The figure is compared with the
// 100 ms budget for a response to feel immediate (RAIL), and with the same render of an empty
// month, which is the fixed cost of the grid itself.

export const TARGETS = { maxRenderMs: 100 } as const;
const FULL_POSTS = 2_000;
const FULL_RUNS = 15;
const TIME_ZONE = 'Europe/London';

export interface CalendarViewResult {
  posts: number;
  runs: number;
  timeZone: string;
  environment: 'jsdom';
  indexMedianMs: number;
  emptyMonthMedianMs: number;
  renderMedianMs: number;
  renderP90Ms: number;
  /** A re-render after one post moved: memoized cells that did not change are skipped. */
  moveRerenderMedianMs: number;
  eventButtonsRendered: number;
  targetMaxRenderMs: number;
  meetsTarget: boolean;
}

interface CalendarEventLike {
  id: string;
  user_id: string;
  title: string;
  content: string | null;
  platforms: string[];
  type: string;
  status: string;
  scheduled_for: string;
  created_at: string;
  updated_at: string;
}

const STATUSES = ['draft', 'scheduled', 'published', 'failed', 'cancelled'];
const PLATFORMS = [['instagram'], ['facebook'], ['facebook', 'instagram'], []];

/** 2,000 posts spread over March 2026 (which has the spring DST change in London). */
export function makeMonth(posts: number): CalendarEventLike[] {
  const start = Date.UTC(2026, 2, 1);
  const span = Date.UTC(2026, 3, 1) - start;
  return Array.from({ length: posts }, (_, i) => {
    const at = new Date(start + Math.floor((i * span) / posts)).toISOString();
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      user_id: '00000000-0000-4000-8000-000000000001',
      title: `Post number ${i} about the spring menu`,
      content: null,
      platforms: PLATFORMS[i % PLATFORMS.length]!,
      type: i % 17 === 0 ? 'note' : 'post',
      status: STATUSES[i % STATUSES.length]!,
      scheduled_for: at,
      created_at: at,
      updated_at: at,
    };
  });
}

/** The little of jsdom used here (it ships no type declarations). */
interface DomWindow {
  document: {
    createElement(tag: string): DomElement;
    body: DomElement;
  };
  close(): void;
}
interface DomElement {
  appendChild(child: DomElement): void;
  querySelectorAll(selector: string): { length: number };
}

async function installDom(): Promise<{ window: DomWindow }> {
  const { JSDOM } = await load<{
    JSDOM: new (html: string, options: object) => { window: DomWindow };
  }>('node_modules/jsdom/lib/api.js');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true });
  const g = globalThis as Record<string, unknown>;
  for (const key of ['window', 'document', 'navigator', 'HTMLElement', 'Node', 'Element']) {
    g[key] = (dom.window as unknown as Record<string, unknown>)[key];
  }
  return dom;
}

// Loaded by path after the DOM exists (React DOM reads it on import), compiled with the web
// app's tsconfig (automatic JSX runtime), and kept out of the server's type-check, which has no
// DOM types.
async function load<T>(relative: string): Promise<T> {
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport(pathToFileURL(path.join(REPO_ROOT, relative)).href, {
    parentURL: import.meta.url,
    tsconfig: path.join(REPO_ROOT, 'tsconfig.web.json'),
  })) as T;
}

async function measure(config: BenchConfig): Promise<CalendarViewResult> {
  const posts = Math.max(50, Math.round(FULL_POSTS * Math.min(config.scale, 1)));
  const runs = Math.max(3, Math.round(FULL_RUNS * Math.min(config.scale, 1)));
  const dom = await installDom();
  const React = await load<{ createElement(type: unknown, props: object): unknown }>(
    'node_modules/react/index.js',
  );
  const { createRoot } = await load<{
    createRoot: (el: unknown) => { render(n: unknown): void; unmount(): void };
  }>('node_modules/react-dom/client.js');
  // Renders synchronously, so the time measured is the whole commit to the DOM.
  const { flushSync } = await load<{ flushSync: (fn: () => void) => void }>(
    'node_modules/react-dom/index.js',
  );
  const model = await load<{
    visibleRange(view: string, anchor: object, tz: string): { days: object[] };
    indexEvents(events: CalendarEventLike[], tz: string): { byDay: Map<string, unknown[]> };
  }>('src/web/features/calendar/lib/calendar-model.ts');
  const { MonthView } = await load<{ MonthView: (props: object) => unknown }>(
    'src/web/features/calendar/components/month-view.tsx',
  );

  const events = makeMonth(posts);
  const range = model.visibleRange('month', { year: 2026, month: 3, day: 1 }, TIME_ZONE);
  const noop = () => {};
  const actions = {
    canEdit: true,
    onOpen: noop,
    onKeyboardMove: noop,
    onCreate: noop,
    onDrop: noop,
    onShowDay: noop,
  };
  const today = { year: 2026, month: 3, day: 20 };
  const element = (byDay: Map<string, unknown[]>) =>
    React.createElement(MonthView, {
      days: range.days,
      month: 3,
      today,
      byDay,
      timeZone: TIME_ZONE,
      label: 'March 2026',
      actions,
    });

  const container = dom.window.document.createElement('div');
  dom.window.document.body.appendChild(container);

  const indexTimes: number[] = [];
  const emptyTimes: number[] = [];
  const renderTimes: number[] = [];
  const moveTimes: number[] = [];
  let buttons = 0;
  for (let run = 0; run < runs + 2; run++) {
    // Empty month: the grid's fixed cost.
    let root = createRoot(container);
    let t0 = performance.now();
    flushSync(() => root.render(element(new Map())));
    const empty = performance.now() - t0;
    flushSync(() => root.unmount());

    // Full month: index, then render, as the page does on load.
    root = createRoot(container);
    t0 = performance.now();
    const index = model.indexEvents(events, TIME_ZONE);
    const indexed = performance.now() - t0;
    flushSync(() => root.render(element(index.byDay)));
    const rendered = performance.now() - t0;
    buttons = container.querySelectorAll('[data-event-id]').length;

    // One post moved to another day: a new index, as after a drag.
    const moved = events.map((e, i) =>
      i === 0 ? { ...e, scheduled_for: '2026-03-20T10:00:00.000Z' } : e,
    );
    t0 = performance.now();
    const movedIndex = model.indexEvents(moved, TIME_ZONE);
    flushSync(() => root.render(element(movedIndex.byDay)));
    const rerender = performance.now() - t0;
    flushSync(() => root.unmount());

    // The first two runs warm the JIT and are not recorded.
    if (run >= 2) {
      emptyTimes.push(empty);
      indexTimes.push(indexed);
      renderTimes.push(rendered);
      moveTimes.push(rerender);
    }
  }
  dom.window.close();

  const renderMedian = median(renderTimes);
  return {
    posts,
    runs,
    timeZone: TIME_ZONE,
    environment: 'jsdom',
    indexMedianMs: round(median(indexTimes)),
    emptyMonthMedianMs: round(median(emptyTimes)),
    renderMedianMs: round(renderMedian),
    renderP90Ms: round(percentile(renderTimes, 90)),
    moveRerenderMedianMs: round(median(moveTimes)),
    eventButtonsRendered: buttons,
    targetMaxRenderMs: TARGETS.maxRenderMs,
    meetsTarget: renderMedian <= TARGETS.maxRenderMs,
  };
}

export function printCalendarView(r: CalendarViewResult): string {
  log(
    `month view render time with ${r.posts} posts (${r.runs} runs, ${r.environment}, ${r.timeZone})`,
  );
  return table([
    ['measure', 'median', 'compared to'],
    [
      'index events by day (part of the render below)',
      formatMs(r.indexMedianMs),
      `${r.posts} posts`,
    ],
    ['empty month grid', formatMs(r.emptyMonthMedianMs), 'fixed cost of 42 cells'],
    [
      `month view render time with ${r.posts} posts`,
      `${formatMs(r.renderMedianMs)} (p90 ${formatMs(r.renderP90Ms)})`,
      `target ≤ ${formatMs(r.targetMaxRenderMs)} (RAIL response): ${r.meetsTarget ? 'met' : 'NOT met'}; ${round(r.renderMedianMs / Math.max(r.emptyMonthMedianMs, 0.01), 1)}× the empty grid`,
    ],
    ['re-render after one post moved', formatMs(r.moveRerenderMedianMs), 'memoized cells skipped'],
    ['event buttons in the DOM', String(r.eventButtonsRendered), `of ${r.posts} posts ("+N more")`],
  ]);
}

const SELF = path.join(REPO_ROOT, 'bench/calendar-view.ts');

/**
 * Runs the measurement in a process of its own: production React (as users get it), which must
 * be chosen before React is first loaded, and the suite's other benchmarks load React for the
 * server's e-mail templates in development mode.
 */
export async function calendarView(config: BenchConfig): Promise<CalendarViewResult> {
  const child = spawnSync(process.execPath, ['--import', 'tsx', SELF], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', BENCH_SCALE: String(config.scale) },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) {
    throw new Error(`calendar-view measurement failed: ${child.stderr || child.stdout}`);
  }
  const last = child.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as CalendarViewResult;
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const result = await measure(readConfig());
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
