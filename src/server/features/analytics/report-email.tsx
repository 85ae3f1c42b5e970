/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type {
  AnalyticsOverview,
  MetricCard,
  ReportCadence,
  TopPost,
} from '#shared/contracts/analytics.contract.ts';
import {
  EmailButton,
  EmailLayout,
  renderEmail,
  type RenderedEmail,
} from '#server/platform/email/templates.tsx';

// The scheduled analytics report (docs/decisions/092): the period's key figures with their
// change against the previous period of the same length and, in small print, where each came
// from (the platform's metric and period, when it was fetched, estimate and note); Meta's
// revision note; the top posts by interactions with their thumbnails and links; a link to the
// analytics page for the same range. Figures are those of the overview, never recomputed here.

export interface ReportEmailInput {
  businessName: string;
  cadence: ReportCadence;
  /** "All accounts", or the account's name. */
  accountLabel: string;
  overview: AnalyticsOverview;
  /** The period's top posts by interactions. */
  topPosts: TopPost[];
  /** The analytics page for the same account and range. */
  url: string;
}

const PLATFORM_NAMES = { instagram: 'Instagram', facebook: 'Facebook' } as const;
const CAPTION_SHOWN = 120;
const small = { fontSize: 11, color: '#64748b', lineHeight: 1.4, margin: '2px 0 0' } as const;

const numberFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

function figure(value: number | null, unit: MetricCard['unit']): string {
  if (value === null) return 'No data';
  return unit === 'percent' ? `${numberFormat.format(value)}%` : numberFormat.format(value);
}

function change(card: MetricCard, days: number): string {
  const against = `the previous ${days} ${days === 1 ? 'day' : 'days'}`;
  if (card.changePct === null) {
    return card.previous === null
      ? `no figure for ${against}`
      : `${figure(card.previous, card.unit)} in ${against}`;
  }
  const sign = card.changePct > 0 ? '+' : card.changePct < 0 ? '−' : '±';
  return `${sign}${numberFormat.format(Math.abs(card.changePct))}% vs ${against} (${figure(card.previous, card.unit)})`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const isoDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "16 Nov 2026 – 22 Nov 2026", or "October 2026" for a monthly report. */
export function periodLabel(cadence: ReportCadence, from: string, to: string): string {
  if (cadence === 'monthly') return monthFormat.format(isoDay(from));
  return `${dayFormat.format(isoDay(from))} – ${dayFormat.format(isoDay(to))}`;
}

function instant(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** Where a card's figure came from, in one line of small print. */
function provenanceLine(card: MetricCard, timeZone: string): string {
  const p = card.provenance;
  const parts: string[] = [];
  if (p.sources.length > 0) {
    parts.push(
      `Source: ${p.sources.map((s) => `${PLATFORM_NAMES[s.platform]} ${s.metric} (${s.period})`).join(', ')}`,
    );
  }
  const fetched = instant(p.fetchedAt, timeZone);
  if (fetched) parts.push(`fetched ${fetched}`);
  if (p.estimate) parts.push(`Estimate: ${p.estimate}`);
  if (p.note) parts.push(p.note);
  return parts.join(' · ');
}

/** Platform links only: an address that is not http(s) is left out. */
function safeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function caption(post: TopPost): string {
  const text = (post.caption ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return post.calendarPost?.title ?? `${PLATFORM_NAMES[post.platform]} post`;
  return text.length > CAPTION_SHOWN ? `${text.slice(0, CAPTION_SHOWN - 1)}…` : text;
}

function postFigures(post: TopPost): string {
  return [
    `${figure(post.interactions, 'count')} interactions`,
    `reach ${figure(post.reach, 'count')}`,
    `engagement rate ${figure(post.engagementRate, 'percent')}`,
  ].join(' · ');
}

function accountProblems(overview: AnalyticsOverview): string[] {
  const names = new Map(overview.accounts.map((a) => [a.id, a.name]));
  return overview.sync
    .filter((s) => s.status === 'failed' || s.status === 'unavailable')
    .map((s) => {
      const name = names.get(s.accountId) ?? 'An account';
      const why = s.status === 'failed' ? s.lastError : s.unavailableReason;
      return `${name}: ${s.status === 'failed' ? 'the last refresh failed' : 'insights not available'}${why ? ` (${why})` : ''}. The figures may be incomplete.`;
    });
}

export function analyticsReportEmail(input: ReportEmailInput): RenderedEmail {
  const { overview } = input;
  const range = overview.range;
  const period = periodLabel(input.cadence, range.from, range.to);
  const kind = input.cadence === 'weekly' ? 'Weekly' : 'Monthly';
  const subject = `${kind} analytics for ${input.businessName}: ${period}`;
  const problems = accountProblems(overview);
  const zone = range.timeZone;
  // The engagement rate's definition, unless its card's small print says it already.
  const definition = overview.cards.some((c) =>
    c.provenance.note?.includes(overview.engagementRateDefinition),
  )
    ? null
    : overview.engagementRateDefinition;

  const text = [
    `${kind} analytics report — ${input.businessName}`,
    `${input.accountLabel}, ${period} (${range.days} days, ${zone})`,
    '',
    'Key figures',
    ...overview.cards.flatMap((card) => {
      const where = provenanceLine(card, zone);
      return [
        `- ${card.label}: ${figure(card.value, card.unit)} (${change(card, range.days)})`,
        ...(where ? [`    ${where}`] : []),
      ];
    }),
    '',
    ...problems,
    ...(problems.length > 0 ? [''] : []),
    overview.revisionNote,
    ...(definition ? [definition] : []),
    '',
    'Top posts by interactions',
    ...(input.topPosts.length === 0
      ? ['No posts were published in this period.']
      : input.topPosts.map((post, i) => {
          const link = safeUrl(post.permalink);
          return `${i + 1}. ${caption(post)} — ${postFigures(post)}${link ? `\n   ${link}` : ''}`;
        })),
    '',
    `See the full figures: ${input.url}`,
    '',
    `You receive this report because a manager of ${input.businessName} added your address to its scheduled analytics reports; they can remove it in Analytics.`,
  ].join('\n');

  return {
    subject,
    html: renderEmail(
      <EmailLayout preview={`${input.accountLabel}, ${period}`}>
        <h1 style={{ fontSize: 22, margin: '0 0 4px' }}>{kind} analytics report</h1>
        <p style={{ fontSize: 14, color: '#475569', margin: '0 0 20px' }}>
          {input.businessName} · {input.accountLabel} · {period}
        </p>
        <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>Key figures</h2>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            {overview.cards.map((card) => {
              const where = provenanceLine(card, zone);
              return (
                <tr key={card.key}>
                  <td style={{ padding: '8px 0', borderBottom: '1px solid #e2e8f0' }}>
                    <p style={{ fontSize: 14, margin: 0 }}>
                      <strong>{card.label}</strong>: {figure(card.value, card.unit)}
                    </p>
                    <p style={{ fontSize: 13, color: '#475569', margin: '2px 0 0' }}>
                      {change(card, range.days)}
                    </p>
                    {where ? <p style={small}>{where}</p> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {problems.map((problem) => (
          <p key={problem} style={{ fontSize: 13, color: '#b45309', margin: '12px 0 0' }}>
            {problem}
          </p>
        ))}
        <p style={{ ...small, marginTop: 12 }}>{overview.revisionNote}</p>
        {definition ? <p style={small}>{definition}</p> : null}
        <h2 style={{ fontSize: 16, margin: '24px 0 8px' }}>Top posts by interactions</h2>
        {input.topPosts.length === 0 ? (
          <p style={{ fontSize: 14 }}>No posts were published in this period.</p>
        ) : (
          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
            <tbody>
              {input.topPosts.map((post) => {
                const link = safeUrl(post.permalink);
                const thumbnail = safeUrl(post.thumbnailUrl);
                return (
                  <tr key={post.id}>
                    <td width={64} style={{ padding: '8px 8px 8px 0', verticalAlign: 'top' }}>
                      {thumbnail ? (
                        <img
                          src={thumbnail}
                          alt=""
                          width={56}
                          height={56}
                          style={{ display: 'block', borderRadius: 6, objectFit: 'cover' }}
                        />
                      ) : null}
                    </td>
                    <td style={{ padding: '8px 0', verticalAlign: 'top' }}>
                      <p style={{ fontSize: 14, margin: 0 }}>
                        {link ? (
                          <a href={link} style={{ color: '#0f172a' }}>
                            {caption(post)}
                          </a>
                        ) : (
                          caption(post)
                        )}
                      </p>
                      <p style={{ fontSize: 13, color: '#475569', margin: '2px 0 0' }}>
                        {postFigures(post)}
                      </p>
                      <p style={small}>
                        {PLATFORM_NAMES[post.platform]} {post.productType.toLowerCase()} · published{' '}
                        {instant(post.publishedAt, zone)}
                        {post.calendarPost ? ` · from "${post.calendarPost.title}"` : ''}
                      </p>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <EmailButton href={input.url} label="Open analytics" />
        <p style={{ fontSize: 12, color: '#64748b' }}>
          You receive this report because a manager of {input.businessName} added your address to
          its scheduled analytics reports; they can remove it in Analytics.
        </p>
      </EmailLayout>,
    ),
    text,
  };
}
