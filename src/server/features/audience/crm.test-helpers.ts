import { eq } from 'drizzle-orm';
import type { Contact } from '#shared/contracts/audience.contract.ts';
import type { TestApp } from '#server/test/app.ts';
import {
  expectOk,
  inboxOwner,
  seedThread,
  uid,
  type InboxOwner,
} from '../inbox/inbox.test-helpers.ts';
import { subscription } from '../subscription/subscription.tables.ts';

// Set-up of the CRM add-on's tests (docs/decisions/099-crm.md): the add-on on a business's
// subscription, as the payment provider's webhook would have stored it, and a business whose
// contacts were made from its inbox.

export async function giveCrm(t: TestApp, tenantId: string, addons: string[] = ['crm']) {
  await t.runtime.deps.database.unsafeDb
    .update(subscription)
    .set({ addons })
    .where(eq(subscription.userId, tenantId));
}

export interface CrmBusiness {
  owner: InboxOwner;
  /** Pat: two comments and a reply on Instagram, then a direct message. */
  pat: Contact;
  /** Quinn: one comment on the Facebook Page. */
  quinn: Contact;
  patThreads: string[];
}

/** A business with the add-on (unless told) and two contacts made from its inbox. */
export async function crmBusiness(t: TestApp, options: { crm?: boolean } = {}) {
  const owner = await inboxOwner(t);
  const pat = { id: uid('pat'), name: 'Pat Doe', handle: 'pat.doe' };
  const comments = await seedThread(t, owner.tenantId, owner.ig, {
    participant: pat,
    items: [
      { direction: 'in', text: 'Lovely bread', minutesAgo: 100 },
      { direction: 'out', text: 'Thank you!', minutesAgo: 90 },
      { direction: 'in', text: 'Open on Sunday?', minutesAgo: 50 },
    ],
  });
  const dm = await seedThread(t, owner.tenantId, owner.ig, {
    kind: 'conversation',
    participant: pat,
    items: [{ direction: 'in', text: 'Can I order a cake?', minutesAgo: 10 }],
  });
  await seedThread(t, owner.tenantId, owner.page, {
    participant: { id: uid('quinn'), name: null, handle: 'quinn_q' },
    items: [{ direction: 'in', text: 'Nice', minutesAgo: 30 }],
  });
  await expectOk(
    await owner.user.client.request('/api/audience/contacts/refresh', { method: 'POST' }),
  );
  const list: { items: Contact[] } = await expectOk(
    await owner.user.client.request('/api/audience/contacts'),
  );
  if (options.crm !== false) await giveCrm(t, owner.tenantId);
  return {
    owner,
    pat: list.items.find((c) => c.name === 'Pat Doe')!,
    quinn: list.items.find((c) => c.name === 'quinn_q')!,
    patThreads: [comments.threadId, dm.threadId],
  } satisfies CrmBusiness;
}
