import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/platform/db/client.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  latestEmailTo,
  makeAdmin,
  type TestApp,
} from '#server/test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('POST /api/contact', () => {
  it('stores the message and e-mails every administrator', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const marker = crypto.randomUUID();
    const res = await new TestClient(t.app).request('/api/contact', {
      json: {
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        company: 'Ruiz Florists',
        message: `We manage 4 shops. ${marker}`,
      },
    });
    expect(res.status).toBe(201);
    const stored = rowsOf<{ name: string }>(
      await t.runtime.deps.database.unsafeDb.execute(
        sql`select name from system.contact_messages where message like ${'%' + marker}`,
      ),
    );
    expect(stored).toEqual([{ name: 'Ana Ruiz' }]);
    const mail = await latestEmailTo(t, admin.email);
    expect(mail?.subject).toBe('Contact form: Ana Ruiz');
    expect(mail?.text).toContain(marker);
  });

  it('reports each invalid field', async () => {
    const res = await new TestClient(t.app).request('/api/contact', {
      json: { name: '', email: 'nope', message: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.json.metadata.fieldErrors).toEqual({
      name: 'Please tell us your name',
      email: 'Please enter a valid email address',
      message: 'Please write at least 10 characters',
    });
  });

  it('is rate limited per address', async () => {
    const c = new TestClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await c.request('/api/contact', {
            json: { name: 'Spam', email: 'spam@example.com', message: 'Buy followers now!!' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
