import { expect, type Page } from '@playwright/test';

// The business's connected accounts and a post published on its Page, for the specs that have
// followers write to it through the simulator (social monitor, audience).

export interface Account {
  id: string;
  platform: 'facebook' | 'instagram';
  external_id: string;
}

/** The business's connected Page and Instagram account, with the platform's ids. */
export async function accountsOf(page: Page): Promise<Record<Account['platform'], Account>> {
  const list = (await (await page.request.get('/api/platforms/connections')).json())
    .data as Account[];
  return {
    facebook: list.find((a) => a.platform === 'facebook')!,
    instagram: list.find((a) => a.platform === 'instagram')!,
  };
}

/** Publishes a text post on the Page now and answers the platform's id of it, once it is out. */
export async function publishOnPage(page: Page, connectionId: string): Promise<string> {
  const saved = await page.request.post('/api/posts', {
    data: {
      post: { title: 'Saturday sourdough', content: 'Fresh sourdough every Saturday from 8.' },
      targets: [{ connection_id: connectionId }],
      intent: 'publish',
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const id = ((await saved.json()).data as { id: string }).id;
  let externalId: string | null = null;
  await expect(async () => {
    const post = (await (await page.request.get(`/api/posts/${id}`)).json()).data as {
      deliveries: Array<{ external_id: string | null }>;
    };
    externalId = post.deliveries[0]?.external_id ?? null;
    expect(externalId).not.toBeNull();
  }).toPass({ timeout: 30_000 });
  return externalId!;
}

/** The audience's contacts list, refreshed from the inbox until it shows everyone in `names`. */
export async function waitForContacts(page: Page, names: readonly string[]) {
  await page.goto('/dashboard/audience');
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh from the inbox' }).click();
    for (const name of names) await expect(table.getByText(name)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  return table;
}
