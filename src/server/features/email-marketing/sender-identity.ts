import { eq } from 'drizzle-orm';
import type { Tx } from '#server/platform/db/client.ts';
import { businessProfiles } from '../settings/settings.tables.ts';

// Who a campaign e-mail is from (docs/decisions/100): the business's name, at the installation's
// own address (MAIL_FROM), so the messages pass the installation's SPF and DKIM.

export async function businessNameOf(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx
    .select({ name: businessProfiles.businessName })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, tenantId))
    .limit(1);
  return row?.name.trim() || 'Soci Gen';
}

/** The address of MAIL_FROM ("Name <address>" or a bare address) under the business's name. */
export function fromOf(mailFrom: string, businessName: string): { name: string; address: string } {
  const address = (mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom).trim();
  return { name: businessName.replace(/[\r\n"<>]/g, ' ').trim(), address };
}
