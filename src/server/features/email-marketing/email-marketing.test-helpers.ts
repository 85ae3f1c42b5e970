import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { createSignedInUser, type SignedInUser, type TestApp } from '#server/test/app.ts';
import { audienceContacts } from '../audience/audience.tables.ts';
import { subscription } from '../subscription/subscription.tables.ts';

// A business with the e-mail add-on, contacts written straight into its table, a segment made
// through the API, and campaign e-mails made and sent through it.

export interface EmailBusiness {
  owner: SignedInUser;
  tenantId: string;
}

export async function emailBusiness(
  t: TestApp,
  options: { addon?: boolean; businessName?: string } = {},
): Promise<EmailBusiness> {
  const owner = await createSignedInUser(t, { businessName: options.businessName ?? 'Rye & Co' });
  if (options.addon !== false) {
    await t.runtime.deps.database.unsafeDb
      .update(subscription)
      .set({ addons: ['email'] })
      .where(eq(subscription.userId, owner.userId));
  }
  return { owner, tenantId: owner.userId };
}

export interface SeedContact {
  name?: string;
  email?: string | null;
  consent?: boolean;
  location?: string | null;
  tags?: string[];
}

/** Contacts written as the owner connection writes them (no policy has a say). */
export async function seedContacts(
  t: TestApp,
  tenantId: string,
  contacts: SeedContact[],
): Promise<string[]> {
  if (contacts.length === 0) return [];
  const rows = await t.runtime.deps.database.unsafeDb
    .insert(audienceContacts)
    .values(
      contacts.map((c) => ({
        userId: tenantId,
        name: c.name ?? 'Someone',
        email: c.email ?? null,
        consent: c.consent ?? true,
        location: c.location ?? null,
        tags: c.tags ?? [],
        source: 'import' as const,
      })),
    )
    .returning({ id: audienceContacts.id });
  return rows.map((row) => row.id);
}

/** A segment of the contacts tagged `tag`. */
export async function tagSegment(b: EmailBusiness, tag: string): Promise<string> {
  const res = await b.owner.client.request('/api/audience/segments', {
    json: { name: `Tagged ${tag}`, rule: { field: 'tags', operator: 'hasAny', value: [tag] } },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.data.id as string;
}

export const uniqueTag = () => `t${crypto.randomUUID().slice(0, 8)}`;

export async function createDraft(
  b: EmailBusiness,
  input: Partial<{
    name: string;
    subject: string;
    preheader: string;
    body: string;
    segmentId: string | null;
    clickTracking: boolean;
  }> = {},
): Promise<EmailCampaign> {
  const res = await b.owner.client.request('/api/audience/emails', {
    json: {
      name: 'Spring news',
      subject: 'Hello {{firstName|there}}',
      preheader: 'Our spring loaves',
      body: 'Hi {{firstName|friend}},\n\nNew bread this week: https://bakery.example/spring',
      segmentId: null,
      clickTracking: false,
      ...input,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.data as EmailCampaign;
}

export async function sendNow(b: EmailBusiness, email: EmailCampaign): Promise<EmailCampaign> {
  const res = await b.owner.client.request(`/api/audience/emails/${email.id}/send`, {
    json: { sendAt: null, version: email.version },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.data as EmailCampaign;
}
