import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  AnalyticsOverview,
  MetricCard,
  TopPost,
  TopPostsPage,
} from '#shared/contracts/analytics.contract.ts';
import { isAppError } from '#shared/errors/index.ts';
import type { TenantRole } from '#shared/permissions.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { createTenant, createUser, type TenantFixture } from '#server/test/fixtures.ts';
import type { TestApp } from '#server/test/app.ts';
import { connect, type Account } from '../inbox/inbox.test-helpers.ts';
import { userRoles } from '../profile/profile.tables.ts';
import { businessProfiles } from '../settings/settings.tables.ts';
import type { ReportFigures } from './reports.jobs.ts';

// Set-up of the scheduled reports' tests (docs/decisions/092): a business (written straight to
// the database) with a connected Instagram account and a member of every role, each as a service
// context; and figures in the contract's shapes in place of the stored insights, recording what
// was asked.

export interface ReportsBusiness {
  tenant: TenantFixture;
  tenantId: string;
  ig: Account;
  as: Record<TenantRole, ServiceContext>;
}

export async function reportsBusiness(
  t: TestApp,
  options: { timeZone?: string; label?: string } = {},
): Promise<ReportsBusiness> {
  const deps = t.runtime.deps;
  const tenant = await createTenant(deps.database, options.label ?? 'reports');
  const tenantId = tenant.tenantId;
  if (options.timeZone) {
    await deps.database.unsafeDb
      .update(businessProfiles)
      .set({ timeZone: options.timeZone })
      .where(eq(businessProfiles.userId, tenantId));
  }
  const member = async (role: 'manager' | 'viewer') => {
    const id = await createUser(deps.database, { label: role });
    await deps.database.unsafeDb
      .insert(userRoles)
      .values({ userId: id, role: 'tenant_staff', tenantId, staffRole: role });
    return id;
  };
  const ctx = (userId: string, tenantRole: TenantRole): ServiceContext => ({
    deps,
    actor: { userId, tenantId, tenantRole, isAdmin: false },
  });
  return {
    tenant,
    tenantId,
    ig: await connect(t, tenantId, 'instagram'),
    as: {
      owner: ctx(tenantId, 'owner'),
      manager: ctx(await member('manager'), 'manager'),
      staff: ctx(tenant.staffUserId, 'staff'),
      viewer: ctx(await member('viewer'), 'viewer'),
    },
  };
}

/** The AppError code `promise` is refused with. */
export async function refusedWith(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  expect.unreachable('the call succeeded');
  return '';
}

/** The field errors of a VALIDATION_ERROR. */
export async function fieldErrorsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error) && error.code === 'VALIDATION_ERROR') {
      return (error.record.details as { fieldErrors: Record<string, string> }).fieldErrors;
    }
    throw error;
  }
  expect.unreachable('the call succeeded');
  return {};
}

const card = (over: Partial<MetricCard> & Pick<MetricCard, 'key' | 'label'>): MetricCard => ({
  unit: 'count',
  aggregation: 'sum',
  value: null,
  previous: null,
  changePct: null,
  provenance: { sources: [], fetchedAt: null, estimate: null, note: null },
  ...over,
});

export function samplePost(n: number, over: Partial<TopPost> = {}): TopPost {
  return {
    id: crypto.randomUUID(),
    accountId: crypto.randomUUID(),
    platform: 'instagram',
    externalId: `1789${n}`,
    productType: 'FEED',
    caption: `Post number ${n} <b>bold</b>`,
    permalink: `https://www.instagram.com/p/post${n}/`,
    thumbnailUrl: `https://cdn.example/thumb${n}.jpg`,
    publishedAt: '2026-11-03T10:00:00.000Z',
    reach: 1000 - n,
    views: 2000,
    likes: 100 - n,
    comments: 3,
    shares: 1,
    saves: 2,
    interactions: 106 - n,
    engagementRate: 10.6,
    fetchedAt: '2026-11-29T06:00:00.000Z',
    calendarPost: n === 1 ? { id: crypto.randomUUID(), title: 'Autumn menu' } : null,
    ...over,
  };
}

export interface RecordingFigures extends ReportFigures {
  /** Every query asked, overview and top posts alike. */
  asked: Array<{ tenantId: string; account: string; from?: string; to?: string }>;
}

/**
 * Figures as the overview and the top posts give them, for the period asked: reach 1,234 (+23.5%
 * vs 1,000, from Instagram `reach`), followers 980 (−2%), and seven posts of which the e-mail
 * shows five.
 */
export function recordingFigures(options: { fail?: Error } = {}): RecordingFigures {
  const asked: RecordingFigures['asked'] = [];
  const rangeOf = (query: { from?: string | undefined; to?: string | undefined }) => ({
    from: query.from ?? '2026-11-01',
    to: query.to ?? '2026-11-07',
    days: 7,
    previousFrom: '2026-10-25',
    previousTo: '2026-10-31',
    timeZone: 'UTC',
  });
  return {
    asked,
    async overview(_deps, tenantId, query) {
      asked.push({ tenantId, account: query.account, from: query.from, to: query.to });
      if (options.fail) throw options.fail;
      const overview: AnalyticsOverview = {
        range: rangeOf(query),
        accounts: [],
        account: query.account,
        cards: [
          card({
            key: 'reach',
            label: 'Reach',
            value: 1234,
            previous: 1000,
            changePct: 23.5,
            provenance: {
              sources: [{ platform: 'instagram', metric: 'reach', period: 'day' }],
              fetchedAt: '2026-11-29T06:00:00.000Z',
              estimate: null,
              note: 'Reach cannot be added up over days',
            },
          }),
          card({ key: 'followers', label: 'Followers', value: 980, previous: 1000, changePct: -2 }),
          card({ key: 'engagement_rate', label: 'Engagement rate', unit: 'percent' }),
        ],
        series: [],
        engagementRateDefinition: 'Interactions divided by reach, times 100.',
        revisionNote: 'Meta may revise the last two days.',
        sync: [],
      };
      return overview;
    },
    async topPosts(_deps, tenantId, query) {
      asked.push({ tenantId, account: query.account, from: query.from, to: query.to });
      const page: TopPostsPage = {
        range: rangeOf(query),
        items: Array.from({ length: 7 }, (_, i) => samplePost(i + 1)),
        total: 7,
        page: 1,
        pageSize: 20,
        sort: query.sort,
        dir: query.dir,
      };
      return page;
    },
  };
}
