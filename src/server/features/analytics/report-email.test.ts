import { describe, expect, it } from 'vitest';
import type { AnalyticsOverview } from '#shared/contracts/analytics.contract.ts';
import { analyticsReportEmail, periodLabel } from './report-email.tsx';
import { samplePost } from './reports.test-helpers.ts';

// The analytics report e-mail (docs/decisions/092): the period in words, links only to web
// addresses, and a word when an account's figures may be incomplete.

const overview: AnalyticsOverview = {
  range: {
    from: '2026-10-01',
    to: '2026-10-31',
    days: 31,
    previousFrom: '2026-08-31',
    previousTo: '2026-09-30',
    timeZone: 'UTC',
  },
  accounts: [
    {
      id: 'acc-1',
      platform: 'instagram',
      name: 'Bakery IG',
      username: 'bakery',
      pictureUrl: null,
      simulated: false,
    },
  ],
  account: 'all',
  cards: [],
  series: [],
  engagementRateDefinition: 'Interactions ÷ reach × 100.',
  revisionNote: 'Meta may revise the last two days.',
  sync: [
    {
      accountId: 'acc-1',
      status: 'failed',
      lastAttemptAt: null,
      lastSuccessAt: null,
      lastError: 'The token expired',
      unavailableReason: null,
      nextSyncAt: null,
      backfilledFrom: null,
    },
  ],
};

describe('the report e-mail', () => {
  it('names the period', () => {
    expect(periodLabel('monthly', '2026-10-01', '2026-10-31')).toBe('October 2026');
    expect(periodLabel('weekly', '2026-11-23', '2026-11-29')).toBe('23 Nov 2026 – 29 Nov 2026');
  });

  it('links web addresses only and says when figures may be incomplete', () => {
    const email = analyticsReportEmail({
      businessName: 'Bakery',
      cadence: 'monthly',
      accountLabel: 'All accounts',
      overview,
      topPosts: [
        samplePost(1, { permalink: 'javascript:alert(1)', thumbnailUrl: 'data:image/png;x' }),
      ],
      url: 'http://localhost:3000/dashboard/analytics?account=all&from=2026-10-01&to=2026-10-31',
    });
    expect(email.subject).toBe('Monthly analytics for Bakery: October 2026');
    expect(email.html).not.toContain('javascript:');
    expect(email.html).not.toContain('data:image');
    expect(email.text).toContain(
      'Bakery IG: the last refresh failed (The token expired). The figures may be incomplete.',
    );
    expect(email.text).toContain('\nInteractions ÷ reach × 100.\n');
  });
});
