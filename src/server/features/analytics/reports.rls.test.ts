import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { createTenant, createUser, type TenantFixture } from '#server/test/fixtures.ts';
import { refusedByDatabase } from '#server/test/rls.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { connect, type Account } from '../inbox/inbox.test-helpers.ts';
import { userRoles } from '../profile/profile.tables.ts';
import { analyticsReports } from './analytics.tables.ts';

// Row-level security of scheduled analytics reports (db/migrations/0031_analytics_rls.sql,
// docs/decisions/092): every member of the business reads them; only owner and manager write
// them — a viewer or staff member inserts, changes and deletes none; another business reads,
// changes and deletes none, and cannot write one in the business's name or name its account.

let t: TestApp;
let a: TenantFixture;
let b: TenantFixture;
let aIg: Account;
let bIg: Account;
let viewerId: string;
let managerId: string;
let reportId: string;

const db = () => t.runtime.deps.database;

async function member(tenantId: string, staffRole: 'viewer' | 'manager') {
  const id = await createUser(db(), { label: staffRole });
  await db()
    .unsafeDb.insert(userRoles)
    .values({ userId: id, role: 'tenant_staff', tenantId, staffRole });
  return id;
}

beforeAll(async () => {
  t = await getTestApp();
  a = await createTenant(db(), 'rls-reports-a');
  b = await createTenant(db(), 'rls-reports-b');
  aIg = await connect(t, a.tenantId, 'instagram');
  bIg = await connect(t, b.tenantId, 'instagram');
  viewerId = await member(a.tenantId, 'viewer');
  managerId = await member(a.tenantId, 'manager');
  const [row] = await db()
    .unsafeDb.insert(analyticsReports)
    .values({
      userId: a.tenantId,
      connectionId: aIg.id,
      cadence: 'weekly',
      recipients: ['owner@example.com'],
      nextSendAt: new Date('2099-12-01T08:00:00Z'),
    })
    .returning({ id: analyticsReports.id });
  reportId = row!.id;
});

const ownerOf = (x: TenantFixture): TenantScope => ({ userId: x.tenantId, tenantId: x.tenantId });
const viewerOfA = (): TenantScope => ({ userId: viewerId, tenantId: a.tenantId });
const staffOfA = (): TenantScope => ({ userId: a.staffUserId, tenantId: a.tenantId });
const managerOfA = (): TenantScope => ({ userId: managerId, tenantId: a.tenantId });

const report = (userId: string, connectionId: string | null) => ({
  userId,
  connectionId,
  cadence: 'monthly' as const,
  recipients: ['someone@example.com'],
  nextSendAt: new Date('2099-12-01T08:00:00Z'),
});

async function visible(scope: TenantScope): Promise<number> {
  return withTenant(
    db(),
    scope,
    async (tx) =>
      (await tx.select().from(analyticsReports).where(eq(analyticsReports.id, reportId))).length,
  );
}

/** Every change and deletion of A's report comes back empty (no row was touched). */
async function touchesNothing(scope: TenantScope): Promise<void> {
  await withTenant(db(), scope, async (tx) => {
    expect(
      await tx
        .update(analyticsReports)
        .set({ recipients: ['attacker@example.com'] })
        .where(eq(analyticsReports.id, reportId))
        .returning(),
    ).toEqual([]);
    expect(
      await tx.delete(analyticsReports).where(eq(analyticsReports.id, reportId)).returning(),
    ).toEqual([]);
  });
  const [row] = await db()
    .unsafeDb.select()
    .from(analyticsReports)
    .where(eq(analyticsReports.id, reportId));
  expect(row!.recipients).toEqual(['owner@example.com']);
}

const refused = (scope: TenantScope, write: Parameters<typeof withTenant>[2]) =>
  refusedByDatabase(db(), scope, write);

describe('another business', () => {
  it('reads, changes and deletes none of the reports', async () => {
    expect(await visible(ownerOf(a))).toBe(1);
    expect(await visible(ownerOf(b))).toBe(0);
    await touchesNothing(ownerOf(b));
  });

  it('cannot write a report in its name, nor name its account from its own', async () => {
    expect(
      await refused(ownerOf(b), (tx) =>
        tx.insert(analyticsReports).values(report(a.tenantId, null)),
      ),
    ).toBe(true);
    expect(
      await refused(ownerOf(b), (tx) =>
        tx.insert(analyticsReports).values(report(b.tenantId, aIg.id)),
      ),
    ).toBe(true);
    // Its own, naming its own account, it writes.
    expect(
      await refused(ownerOf(b), (tx) =>
        tx.insert(analyticsReports).values(report(b.tenantId, bIg.id)),
      ),
    ).toBe(false);
  });
});

describe('members of the business', () => {
  it('a viewer reads the reports and writes none', async () => {
    expect(await visible(viewerOfA())).toBe(1);
    await touchesNothing(viewerOfA());
    expect(
      await refused(viewerOfA(), (tx) =>
        tx.insert(analyticsReports).values(report(a.tenantId, null)),
      ),
    ).toBe(true);
  });

  it('staff read the reports and write none', async () => {
    expect(await visible(staffOfA())).toBe(1);
    await touchesNothing(staffOfA());
    expect(
      await refused(staffOfA(), (tx) =>
        tx.insert(analyticsReports).values(report(a.tenantId, aIg.id)),
      ),
    ).toBe(true);
  });

  it('a manager writes, changes and deletes them', async () => {
    const [created] = await withTenant(db(), managerOfA(), (tx) =>
      tx
        .insert(analyticsReports)
        .values(report(a.tenantId, aIg.id))
        .returning({ id: analyticsReports.id }),
    );
    await withTenant(db(), managerOfA(), async (tx) => {
      expect(
        await tx
          .update(analyticsReports)
          .set({ enabled: false })
          .where(eq(analyticsReports.id, created!.id))
          .returning({ id: analyticsReports.id }),
      ).toHaveLength(1);
      expect(
        await tx
          .delete(analyticsReports)
          .where(eq(analyticsReports.id, created!.id))
          .returning({ id: analyticsReports.id }),
      ).toHaveLength(1);
    });
  });
});
