import type {
  AnalyticsAccount,
  MetricCard,
  MetricSource,
} from '#shared/contracts/analytics.contract.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { isValidTimeZone } from '../../../lib/zoned-time.ts';
import { useAuth } from '../../auth/index.ts';

// How the figures read: numbers as the platform gave them, a change only when there is one,
// dates in the business's time zone (docs/decisions/071, 092).

const counts = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

export const PLATFORM_NAMES = { instagram: 'Instagram', facebook: 'Facebook' } as const;

/** "1,234", "3.5%", or "—" for nothing stored. */
export function formatValue(value: number | null, unit: 'count' | 'percent'): string {
  if (value === null) return '—';
  return unit === 'percent' ? `${value.toFixed(1)}%` : counts.format(value);
}

/** An axis label: "1.2K". */
export function formatCompact(value: number, unit: 'count' | 'percent'): string {
  return unit === 'percent' ? `${counts.format(value)}%` : compact.format(value);
}

export type ChangeTone = 'up' | 'down' | 'flat' | 'none';

/** Measures where a rise is bad news: shown red when they grow. */
const RISE_IS_BAD = new Set(['unfollows']);

export interface ChangeText {
  tone: ChangeTone;
  /** "+12.5%", "−3.0%", "0.0%"; empty without a change. */
  text: string;
  /** For screen readers and the tooltip: "Up 12.5% on the previous period". */
  description: string;
  good: boolean | null;
}

/** The change against the previous period, as the server computed it; never made up. */
export function changeOf(card: Pick<MetricCard, 'key' | 'changePct' | 'previous' | 'unit'>) {
  if (card.previous === null) {
    return { tone: 'none', text: '', description: 'No earlier data', good: null } as ChangeText;
  }
  if (card.changePct === null) {
    return {
      tone: 'none',
      text: '',
      description: `Previous period: ${formatValue(card.previous, card.unit)}`,
      good: null,
    } as ChangeText;
  }
  const pct = card.changePct;
  const tone: ChangeTone = pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat';
  const text = `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct).toFixed(1)}%`;
  const word = tone === 'up' ? 'Up' : tone === 'down' ? 'Down' : 'No change,';
  const good = tone === 'flat' ? null : (tone === 'up') !== RISE_IS_BAD.has(card.key);
  return {
    tone,
    text,
    description: `${word} ${Math.abs(pct).toFixed(1)}% on the previous period`,
    good,
  } as ChangeText;
}

/** "Instagram reach (day)". */
export function sourceLabel(source: MetricSource): string {
  return `${PLATFORM_NAMES[source.platform]} ${source.metric} (${source.period})`;
}

/** "1 Mar 2026": a YYYY-MM-DD date as people read it. */
export function formatDay(key: string, options: Intl.DateTimeFormatOptions = {}): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

export function formatRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

export function formatAt(iso: string, timeZone: string): string {
  return formatDateTime(new Date(iso), timeZone);
}

/** "36 h", "4 d 2 h": a post's age at a sample. */
export function formatAge(hours: number): string {
  const whole = Math.round(hours);
  if (whole < 48) return `${whole} h`;
  const days = Math.floor(whole / 24);
  const rest = whole % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

/** "@rosabakery", or a Page's name. */
export function accountName(account: Pick<AnalyticsAccount, 'platform' | 'name' | 'username'>) {
  return account.platform === 'instagram' && account.username
    ? `@${account.username}`
    : account.name;
}

export function useBusinessTimeZone(): string {
  const zone = useAuth().businessProfile?.time_zone;
  return isValidTimeZone(zone) ? zone : 'UTC';
}

/** The server's reason for refusing, as the person should read it (its 4xx text is for them). */
export function refusalText(error: unknown): string {
  const fields = fieldErrorsOf(error);
  return Object.values(fields)[0] ?? userMessageOf(error);
}
