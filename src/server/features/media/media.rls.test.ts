import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import {
  createTwoTenants,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';
import { mediaItems, mediaUsages } from './media.tables.ts';

// Row-level security of the media tables, command by command: tenant B cannot see, change,
// remove or create A's rows, while the same statements on A's own rows succeed — so every
// refusal is the policy's doing.

let db: Database;
let a: TenantFixture;
let b: TenantFixture;
let itemA: string;
let usageA: string;

async function newItem(tenantId: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.unsafeDb.insert(mediaItems).values({
    id,
    userId: tenantId,
    name: 'a.jpg',
    kind: 'image',
    mimeType: 'image/jpeg',
    sizeBytes: 1,
    contentHash: 'h',
    storageKey: `${tenantId}/${id}/original`,
  });
  return id;
}

beforeAll(async () => {
  db = await getTestDatabase();
  ({ a, b } = await createTwoTenants(db));
  itemA = await newItem(a.tenantId);
  const [usage] = await db.unsafeDb
    .insert(mediaUsages)
    .values({ userId: a.tenantId, mediaId: itemA, calendarEventId: a.calendarEventId })
    .returning();
  usageA = usage!.id;
});

const TABLES = [
  { table: 'media_items', row: () => itemA, set: `name = 'changed'` },
  { table: 'media_usages', row: () => usageA, set: 'position = 3' },
] as const;

async function count(scope: ReturnType<typeof ownerScope>, statement: string, id: string) {
  return withTenant(db, scope, async (tx) => {
    const result = await tx.execute(sql.raw(statement.replace('$id', `'${id}'`)));
    return rowsOf<unknown>(result).length;
  });
}

describe.each(TABLES)('$table', ({ table, row, set }) => {
  it('hides A’s rows from B and shows them to A and A’s staff', async () => {
    const select = `select id from public.${table} where id = $id`;
    expect(await count(ownerScope(b), select, row())).toBe(0);
    expect(await count(staffScope(b), select, row())).toBe(0);
    expect(await count(ownerScope(a), select, row())).toBe(1);
    expect(await count(staffScope(a), select, row())).toBe(1);
  });

  it('does not let B update or delete A’s rows', async () => {
    expect(
      await count(
        ownerScope(b),
        `update public.${table} set ${set} where id = $id returning id`,
        row(),
      ),
    ).toBe(0);
    expect(
      await count(ownerScope(b), `delete from public.${table} where id = $id returning id`, row()),
    ).toBe(0);
    expect(
      await count(
        ownerScope(a),
        `update public.${table} set ${set} where id = $id returning id`,
        row(),
      ),
    ).toBe(1);
  });
});

describe('inserts', () => {
  it('refuses a media item written into another tenant', async () => {
    const id = crypto.randomUUID();
    const insert = (tenantId: string) =>
      withTenant(db, ownerScope(b), (tx) =>
        tx.insert(mediaItems).values({
          id: crypto.randomUUID(),
          userId: tenantId,
          name: 'x',
          kind: 'image',
          mimeType: 'image/png',
          sizeBytes: 1,
          contentHash: 'h',
          storageKey: `${tenantId}/${id}/original`,
        }),
      );
    await expect(insert(a.tenantId)).rejects.toSatisfy((error) =>
      /row-level security/.test(String((error as Error).cause)),
    );
    await expect(insert(b.tenantId)).resolves.toBeDefined();
  });

  it('refuses a usage of another tenant’s item or post, even under the own tenant key', async () => {
    const itemB = await newItem(b.tenantId);
    // B's key on A's item: the (media_id, user_id) foreign key has no such pair.
    await expect(
      withTenant(db, ownerScope(b), (tx) =>
        tx
          .insert(mediaUsages)
          .values({ userId: b.tenantId, mediaId: itemA, calendarEventId: b.calendarEventId }),
      ),
    ).rejects.toThrow();
    // B's item in A's post.
    await expect(
      withTenant(db, ownerScope(b), (tx) =>
        tx
          .insert(mediaUsages)
          .values({ userId: b.tenantId, mediaId: itemB, calendarEventId: a.calendarEventId }),
      ),
    ).rejects.toThrow();
    // A's key: refused by the policy.
    await expect(
      withTenant(db, ownerScope(b), (tx) =>
        tx
          .insert(mediaUsages)
          .values({ userId: a.tenantId, mediaId: itemA, calendarEventId: a.calendarEventId }),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(db, ownerScope(b), (tx) =>
        tx
          .insert(mediaUsages)
          .values({ userId: b.tenantId, mediaId: itemB, calendarEventId: b.calendarEventId }),
      ),
    ).resolves.toBeDefined();
  });
});
