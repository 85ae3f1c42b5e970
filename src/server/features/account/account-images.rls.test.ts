import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mapBackendError } from '#shared/errors/index.ts';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import { createTwoTenants, ownerScope, staffScope } from '#server/test/fixtures.ts';

// account_images, command by command: tenant A cannot see, change, remove or create B's images,
// while the same statements on A's own rows succeed.

let db: Database;
beforeAll(async () => {
  db = await getTestDatabase();
});

async function insertImage(ownerId: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.unsafeDb.execute(
    sql`insert into public.account_images (id, user_id, kind, content_type, content, byte_size)
        values (${id}, ${ownerId}, 'avatar', 'image/webp', '\\x00'::bytea, 1)`,
  );
  return id;
}

async function count(scope: TenantScope, id: string): Promise<number> {
  return withTenant(db, scope, async (tx) => {
    const rows = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from public.account_images where id = ${id}`),
    );
    return Number(rows[0]!.n);
  });
}

describe('account_images row-level security', () => {
  it('shows an image to its owner, the tenant and its staff, not to another tenant', async () => {
    const { a, b } = await createTwoTenants(db);
    const logo = await insertImage(a.tenantId);
    const staffAvatar = await insertImage(a.staffUserId);
    expect(await count(ownerScope(a), logo)).toBe(1);
    expect(await count(staffScope(a), logo)).toBe(1);
    expect(await count(ownerScope(a), staffAvatar)).toBe(1);
    expect(await count(ownerScope(b), logo)).toBe(0);
    expect(await count(staffScope(b), staffAvatar)).toBe(0);
  });

  it('refuses another tenant update, delete and insert', async () => {
    const { a, b } = await createTwoTenants(db);
    const image = await insertImage(a.tenantId);
    const updated = await withTenant(db, ownerScope(b), (tx) =>
      tx.execute(
        sql`update public.account_images set kind = 'logo' where id = ${image} returning id`,
      ),
    );
    expect(rowsOf(updated)).toHaveLength(0);
    const deleted = await withTenant(db, ownerScope(b), (tx) =>
      tx.execute(sql`delete from public.account_images where id = ${image} returning id`),
    );
    expect(rowsOf(deleted)).toHaveLength(0);
    expect(await count(ownerScope(a), image)).toBe(1);

    const inserting = withTenant(db, ownerScope(b), (tx) =>
      tx.execute(sql`insert into public.account_images (user_id, kind, content_type, content, byte_size)
                     values (${a.tenantId}, 'logo', 'image/webp', '\\x00'::bytea, 1)`),
    );
    const error = await inserting.then(
      () => null,
      (e: unknown) => e,
    );
    expect(mapBackendError(error).record.code).toBe('FORBIDDEN');

    // Staff cannot replace the business's logo either; only its owner writes it.
    const staffUpdate = await withTenant(db, staffScope(a), (tx) =>
      tx.execute(
        sql`update public.account_images set kind = 'logo' where id = ${image} returning id`,
      ),
    );
    expect(rowsOf(staffUpdate)).toHaveLength(0);
  });

  it('lets the owner do every command on their own rows', async () => {
    const { a } = await createTwoTenants(db);
    await withTenant(db, ownerScope(a), (tx) =>
      tx.execute(sql`insert into public.account_images (user_id, kind, content_type, content, byte_size)
                     values (${a.tenantId}, 'logo', 'image/webp', '\\x00'::bytea, 1)`),
    );
    const image = await insertImage(a.tenantId);
    const updated = await withTenant(db, ownerScope(a), (tx) =>
      tx.execute(
        sql`update public.account_images set kind = 'logo' where id = ${image} returning id`,
      ),
    );
    expect(rowsOf(updated)).toHaveLength(1);
    const deleted = await withTenant(db, ownerScope(a), (tx) =>
      tx.execute(sql`delete from public.account_images where id = ${image} returning id`),
    );
    expect(rowsOf(deleted)).toHaveLength(1);
  });
});
