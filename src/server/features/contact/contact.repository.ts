import { sql } from 'drizzle-orm';
import type { ContactInput } from '#shared/contracts/contact.contract.ts';
import { contactMessages } from '#server/platform/db/system.tables.ts';
import { rowsOf, type AppDb } from '#server/platform/db/client.ts';

// The contact form's rows. Installation-wide by design: a visitor writes without an account,
// and the administrators' addresses are read from auth.users, which no tenant role can see.

export async function unsafeSaveMessage(
  db: AppDb,
  input: ContactInput,
  ipAddress: string,
): Promise<void> {
  await db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    company: input.company || null,
    message: input.message,
    ipAddress,
  });
}

export async function unsafeAdministratorEmails(db: AppDb): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await db.execute(
      sql`select u.email from auth.users u
          join public.user_roles r on r.user_id = u.id and r.role = 'admin' and r.tenant_id is null`,
    ),
  );
  return rows.map((row) => row.email);
}
