import type {
  AnalyticsOverview,
  BestTimeHeatmap,
  Demographics,
  ExportTable,
  MetricSource,
  PostDrillDown,
  Provenance,
  TopPostsPage,
} from '#shared/contracts/analytics.contract.ts';

// The CSV export of the analytics page (docs/decisions/092, docs/product/screens.md#analytics):
// each table is exactly what the page shows for the same query, made from the same contract
// results. RFC 4180 text (fields with a comma, quote or line break quoted, quotes doubled, CRLF
// line ends) after a UTF-8 byte order mark so spreadsheets read accents; numbers written as the
// JSON has them, an empty cell for a figure that is not stored; text that a spreadsheet would run
// as a formula (=, +, -, @, tab, CR first) starts with an apostrophe. Numbers are never touched:
// -3 stays a number.

export type CsvCell = string | number | null | undefined;

/** What the export file of a table for a query is called. */
export type CsvTable = ExportTable | 'post-samples';

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const PLATFORM_NAMES: Record<MetricSource['platform'], string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
};

/** One field: a number as JSON writes it, text neutralised and quoted when it has to be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the byte order mark, the header row, then one line per row, each ending CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`);
  return `${BOM}${lines.join('')}`;
}

function sourceMetrics(sources: readonly MetricSource[]): string {
  return sources.map((s) => `${PLATFORM_NAMES[s.platform]}: ${s.metric}`).join('; ');
}

function sourcePeriods(sources: readonly MetricSource[]): string {
  return [...new Set(sources.map((s) => s.period))].join('; ');
}

function provenanceCells(p: Provenance): CsvCell[] {
  return [sourceMetrics(p.sources), sourcePeriods(p.sources), p.fetchedAt, p.estimate, p.note];
}

const withUnit = (label: string, unit: 'count' | 'percent') =>
  unit === 'percent' ? `${label} (%)` : label;

/** The key figures: one row per card, this period and the previous one, and where each came from. */
export function summaryCsv(overview: AnalyticsOverview): string {
  const r = overview.range;
  return toCsv(
    [
      'Metric',
      'Unit',
      'From',
      'To',
      'Value',
      'Previous from',
      'Previous to',
      'Previous value',
      'Change (%)',
      'Source metrics',
      'Period',
      'Fetched at',
      'Estimate',
      'Note',
    ],
    overview.cards.map((card) => [
      card.label,
      card.unit,
      r.from,
      r.to,
      card.value,
      r.previousFrom,
      r.previousTo,
      card.previous,
      card.changePct,
      ...provenanceCells(card.provenance),
    ]),
  );
}

/** The charts' figures: one row per date, one column per series, empty where nothing is stored. */
export function seriesCsv(overview: AnalyticsOverview): string {
  const dates = [...new Set(overview.series.flatMap((s) => s.points.map((p) => p.date)))].sort();
  const byDate = overview.series.map(
    (s) => new Map(s.points.map((p) => [p.date, p.value] as const)),
  );
  return toCsv(
    ['Date', ...overview.series.map((s) => withUnit(s.label, s.unit))],
    dates.map((date) => [date, ...byDate.map((values) => values.get(date) ?? null)]),
  );
}

/** The top posts table, every column of a post. */
export function postsCsv(page: TopPostsPage): string {
  return toCsv(
    [
      'Published at',
      'Platform',
      'Account ID',
      'Type',
      'Caption',
      'Calendar post',
      'Calendar post ID',
      'Permalink',
      'Thumbnail URL',
      'Reach',
      'Views',
      'Likes',
      'Comments',
      'Shares',
      'Saves',
      'Interactions',
      'Engagement rate (%)',
      'Fetched at',
      'Post ID',
      'Platform post ID',
    ],
    page.items.map((p) => [
      p.publishedAt,
      PLATFORM_NAMES[p.platform],
      p.accountId,
      p.productType,
      p.caption,
      p.calendarPost?.title ?? null,
      p.calendarPost?.id ?? null,
      p.permalink,
      p.thumbnailUrl,
      p.reach,
      p.views,
      p.likes,
      p.comments,
      p.shares,
      p.saves,
      p.interactions,
      p.engagementRate,
      p.fetchedAt,
      p.id,
      p.externalId,
    ]),
  );
}

/** One post's values as they grew, one row per sample. */
export function postSamplesCsv(drillDown: PostDrillDown): string {
  return toCsv(
    [
      'Sampled at',
      'Hours after publishing',
      'Reach',
      'Views',
      'Likes',
      'Comments',
      'Shares',
      'Saves',
      'Interactions',
    ],
    drillDown.samples.map((s) => [
      s.sampledAt,
      s.ageHours,
      s.reach,
      s.views,
      s.likes,
      s.comments,
      s.shares,
      s.saves,
      s.interactions,
    ]),
  );
}

/** Every demographic value; a set the platform has none for is one row with the reason. */
export function demographicsCsv(demographics: Demographics): string {
  const rows = demographics.sets.flatMap((set): CsvCell[][] => {
    const common = [set.accountId, set.audience, set.breakdown];
    const tail = [set.metric, set.periodLabel, set.fetchedAt, set.unavailableReason];
    if (set.values.length === 0) return [[...common, null, null, ...tail]];
    return set.values.map((v) => [...common, v.key, v.value, ...tail]);
  });
  return toCsv(
    [
      'Account ID',
      'Audience',
      'Breakdown',
      'Key',
      'Value',
      'Source metric',
      'Period',
      'Fetched at',
      'Unavailable reason',
    ],
    rows,
  );
}

/**
 * The best-time heat-map, one row per day and hour in the business's time zone (Sunday first, as
 * the contract numbers days): followers online, and the engagement rate of the business's own
 * posts with the posts behind it — the rate left empty below the page's minimum of posts.
 */
export function bestTimesCsv(heatmap: BestTimeHeatmap): string {
  const key = (day: number, hour: number) => day * 24 + hour;
  const online = new Map(heatmap.online.cells.map((c) => [key(c.day, c.hour), c] as const));
  const posts = new Map(heatmap.posts.cells.map((c) => [key(c.day, c.hour), c] as const));
  const rows: CsvCell[][] = [];
  for (let day = 0; day < 7; day++) {
    for (let hour = 0; hour < 24; hour++) {
      const o = online.get(key(day, hour));
      const p = posts.get(key(day, hour));
      const shown = p && p.count >= heatmap.posts.minPostsPerSlot ? p.value : null;
      rows.push([DAY_NAMES[day], hour, o?.value ?? null, shown, p?.count ?? 0, heatmap.timeZone]);
    }
  }
  return toCsv(
    ['Day', 'Hour', 'Followers online', 'Engagement rate (%)', 'Posts', 'Time zone'],
    rows,
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The file name, e.g. analytics-posts-2026-11-01-to-2026-11-28.csv: the range's dates when it
 * has them (a resolved range or a custom query), else the preset (analytics-posts-last-28-days.csv).
 */
export function csvFileName(
  table: CsvTable,
  query: { from?: string | undefined; to?: string | undefined; range?: string | undefined },
): string {
  const name = table.replace(/[^a-z-]/g, '');
  if (query.from && query.to && DATE.test(query.from) && DATE.test(query.to)) {
    return `analytics-${name}-${query.from}-to-${query.to}.csv`;
  }
  if (query.range && /^\d+$/.test(query.range)) {
    return `analytics-${name}-last-${query.range}-days.csv`;
  }
  return `analytics-${name}.csv`;
}
