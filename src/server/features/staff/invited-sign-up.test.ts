import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { actorContextSchema } from '#shared/contracts/staff.contract.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import {
  STRONG_PASSWORD,
  TestClient,
  createSignedInUser,
  getTestApp,
  latestEmailTo,
  linkFrom,
  makeAdmin,
  settled,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { businessProfiles } from '../settings/settings.tables.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { actorFactsOf, chooseMembership } from './membership.ts';
import { staffInvitations } from './staff.tables.ts';

// Signing up from an invitation link (docs/decisions/035): the person gets no business of their
// own, lands back on the invitation after confirming, and works in the inviting business once
// they accept. Anything but a live invitation to the same address is an ordinary sign-up.

let t: TestApp;
/** The owner of the latest invitation (each owner has 5 staff seats, so each test has its own). */
let owner: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
});

function db() {
  return t.runtime.deps.database.unsafeDb;
}

/** A new owner's invitation to a new address: the address and the link's token. */
async function invitation(email = uniqueEmail('invited'), role = 'staff') {
  owner = await createSignedInUser(t, { businessName: 'Rosa Bakery', fullName: 'Rosa Diaz' });
  const res = await owner.client.request('/api/staff/invitations', { json: { email, role } });
  expect(res.status, res.text).toBe(201);
  const mail = await latestEmailTo(t, email);
  const token = decodeURIComponent(linkFrom(mail!.text, '/accept-invitation/').split('/')[2]!);
  return { email, token, id: res.json.data.id as string };
}

function signUp(client: TestClient, json: Record<string, unknown>) {
  return client.request('/api/auth/sign-up', { json: { password: STRONG_PASSWORD, ...json } });
}

/** Follows the confirmation link in the same client (the browser that signed up). */
async function confirm(client: TestClient, email: string) {
  const mail = await latestEmailTo(t, email);
  return { mail, res: await client.request(linkFrom(mail!.text, '/api/auth/confirm')) };
}

async function businessOf(userId: string) {
  const profiles = await db()
    .select()
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId));
  const subscriptions = await db()
    .select()
    .from(subscription)
    .where(eq(subscription.userId, userId));
  return { profile: profiles[0] ?? null, subscription: subscriptions[0] ?? null };
}

async function me(client: TestClient) {
  const res = await client.request('/api/staff/me');
  expect(res.status, res.text).toBe(200);
  return actorContextSchema.parse(res.json.data);
}

describe('a sign-up from a live invitation to the same address', () => {
  it('creates the person without a business, and the confirmation leads back to the invitation', async () => {
    const { email, token } = await invitation();
    const client = new TestClient(t.app);
    const res = await signUp(client, {
      email,
      fullName: 'Sam Lee',
      businessName: 'Not Used Studio',
      timeZone: 'Europe/Lisbon',
      invitationToken: token,
    });
    expect(res.status, res.text).toBe(201);
    const userId = res.json.data.user.id as string;
    await settled(t);
    expect(await businessOf(userId)).toEqual({ profile: null, subscription: null });

    const { mail, res: confirmed } = await confirm(client, email);
    expect(mail!.text).toContain('then join Rosa Bakery');
    expect(mail!.text).not.toContain('Not Used Studio');
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe(
      `/accept-invitation/${encodeURIComponent(token)}?confirmed=1`,
    );
    // The invitation cookie is spent with the sign-up cookie.
    expect(client.jar.has('sg_signup_invitation')).toBe(false);
    expect(client.cookie).toMatch(/^sg_session=/);

    // Before accepting: no business at all, a viewer of nothing, nothing to create.
    const before = await me(client);
    expect(before).toMatchObject({ user_id: userId, tenant_role: 'viewer', memberships: [] });
    expectError(await client.request('/api/subscription'), 404, 'NOT_FOUND');
    expectError(await client.request('/api/business-profile'), 404, 'NOT_FOUND');
    expectError(
      await client.request('/api/business-profile', {
        method: 'PATCH',
        json: { business_name: 'Sneaky Shop' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await client.request('/api/staff/invitations', {
        json: { email: uniqueEmail('friend'), role: 'staff' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await client.request('/api/staff/active-tenant', {
        method: 'PUT',
        json: { tenant_id: userId },
      }),
      403,
      'FORBIDDEN',
    );
    // Their own account is theirs to read and change.
    expect((await client.request('/api/profile')).status).toBe(200);

    // Accepting joins the business; a browser that never chose acts there too.
    const accepted = await client.request('/api/invitations/accept', { json: { token } });
    expect(accepted.status, accepted.text).toBe(200);
    const after = await me(client);
    expect(after).toMatchObject({
      tenant_id: owner.userId,
      tenant_role: 'staff',
      memberships: [{ tenant_id: owner.userId, role: 'staff', business_name: 'Rosa Bakery' }],
    });
    const subscriptionRes = await client.request('/api/subscription');
    expect(subscriptionRes.json.data).toMatchObject({ user_id: owner.userId, plan: 'trial' });
    expect(await businessOf(userId)).toEqual({ profile: null, subscription: null });

    // The owner's team lists the person, with no stray business beside them.
    const members = await owner.client.request('/api/staff/members');
    expect(members.json.data).toEqual([
      expect.objectContaining({ user_id: userId, full_name: 'Sam Lee', email, role: 'staff' }),
    ]);
    expect((await me(owner.client)).memberships).toEqual([
      { tenant_id: owner.userId, role: 'owner', business_name: 'Rosa Bakery' },
    ]);
  });

  it('is listed by administrators without a business or a plan', async () => {
    const { email, token } = await invitation();
    const client = new TestClient(t.app);
    await signUp(client, { email, fullName: 'Ana Costa', invitationToken: token });
    await confirm(client, email);
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const res = await admin.client.request(
      `/api/admin/accounts?search=${encodeURIComponent(email)}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.items).toEqual([
      expect.objectContaining({ email, full_name: 'Ana Costa', business_name: null, plan: null }),
    ]);
  });

  it('in another browser, confirms and sends to the login page; signing in acts in nothing until accepted', async () => {
    const { email, token } = await invitation();
    await signUp(new TestClient(t.app), { email, invitationToken: token });
    const other = new TestClient(t.app);
    const { res } = await confirm(other, email);
    expect(res.headers.get('location')).toBe('/login?confirmed=1');
    const signIn = await other.request('/api/auth/sign-in', {
      json: { email, password: STRONG_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    expect((await me(other)).memberships).toEqual([]);
  });
});

describe('anything but a live invitation to the same address is an ordinary sign-up', () => {
  async function ordinary(invitationToken: string, email = uniqueEmail('someone')) {
    const client = new TestClient(t.app);
    const res = await signUp(client, { email, businessName: 'Own Shop', invitationToken });
    expect(res.status, res.text).toBe(201);
    await settled(t);
    const found = await businessOf(res.json.data.user.id);
    expect(found.profile?.businessName).toBe('Own Shop');
    expect(found.subscription).toMatchObject({ plan: 'trial', status: 'active' });
    return { client, email };
  }

  it('a token sent to another address, an unknown, a cancelled and an expired one', async () => {
    const other = await invitation();
    await ordinary(other.token);
    await ordinary('x'.repeat(43));

    const cancelled = await invitation();
    await owner.client.request(`/api/staff/invitations/${cancelled.id}`, { method: 'DELETE' });
    await ordinary(cancelled.token, cancelled.email);

    const expired = await invitation();
    await db()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, expired.id));
    await ordinary(expired.token, expired.email);
  });

  it('a used one; its confirmation still returns to the invitation page, which says so', async () => {
    const used = await invitation();
    const first = new TestClient(t.app);
    await signUp(first, { email: used.email, invitationToken: used.token });
    await confirm(first, used.email);
    expect(
      (await first.request('/api/invitations/accept', { json: { token: used.token } })).status,
    ).toBe(200);

    const someone = await ordinary(used.token);
    const { res } = await confirm(someone.client, someone.email);
    expect(res.headers.get('location')).toMatch(/^\/accept-invitation\/.+\?confirmed=1$/);
  });

  it('a sign-up without a token forgets an earlier sign-up’s invitation in that browser', async () => {
    const { token } = await invitation();
    const client = new TestClient(t.app);
    await signUp(client, { email: uniqueEmail('first'), invitationToken: token });
    expect(client.jar.has('sg_signup_invitation')).toBe(true);
    const email = uniqueEmail('second');
    await signUp(client, { email, businessName: 'Second Shop' });
    expect(client.jar.has('sg_signup_invitation')).toBe(false);
    const { res } = await confirm(client, email);
    expect(res.headers.get('location')).toBe('/?confirmed=1');
  });

  it('refuses a malformed token like any other malformed field', async () => {
    const res = await signUp(new TestClient(t.app), {
      email: uniqueEmail('bad'),
      invitationToken: 'not a token!',
    });
    expectError(res, 400, 'VALIDATION_ERROR');
  });
});

describe('a second sign-up of an unconfirmed address decides whether it has a business', () => {
  const SECOND_PASSWORD = 'copper meadow lantern 64';

  it('from an invitation, the first sign-up’s business and trial go', async () => {
    const { email, token } = await invitation();
    const first = await signUp(new TestClient(t.app), { email, businessName: 'Stranger Co' });
    await settled(t);
    const userId = first.json.data.user.id as string;
    expect((await businessOf(userId)).profile?.businessName).toBe('Stranger Co');

    // A password of its own: whoever gives the account's password is told it exists instead.
    const client = new TestClient(t.app);
    const again = await signUp(client, {
      email,
      password: SECOND_PASSWORD,
      invitationToken: token,
    });
    expect(again.status, again.text).toBe(201);
    await settled(t);
    expect(await businessOf(userId)).toEqual({ profile: null, subscription: null });
    const { res } = await confirm(client, email);
    expect(res.headers.get('location')).toBe(
      `/accept-invitation/${encodeURIComponent(token)}?confirmed=1`,
    );
    expect((await me(client)).memberships).toEqual([]);
  });

  it('without one, an account first signed up from an invitation gets its business and a trial', async () => {
    const { email, token } = await invitation();
    const first = await signUp(new TestClient(t.app), { email, invitationToken: token });
    await settled(t);
    const userId = first.json.data.user.id as string;
    expect(await businessOf(userId)).toEqual({ profile: null, subscription: null });

    const again = await signUp(new TestClient(t.app), {
      email,
      password: SECOND_PASSWORD,
      businessName: 'My Own Shop',
    });
    expect(again.status, again.text).toBe(201);
    await settled(t);
    const found = await businessOf(userId);
    expect(found.profile?.businessName).toBe('My Own Shop');
    expect(found.subscription).toMatchObject({ plan: 'trial', status: 'active' });
  });
});

describe('a confirmed address signed up again from an invitation', () => {
  it('is e-mailed a sign-in link that leads on to the invitation, and nothing else changes', async () => {
    const person = await createSignedInUser(t, { businessName: 'Already Here' });
    const { token } = await invitation(person.email, 'viewer');
    const res = await signUp(new TestClient(t.app), {
      email: person.email,
      password: 'a different passphrase 31',
      invitationToken: token,
    });
    expect(res.status).toBe(201);
    const mail = await latestEmailTo(t, person.email);
    expect(mail!.subject).toBe('You already have a Soci Gen account');
    expect(linkFrom(mail!.text, '/login')).toBe(
      `/login?redirect=${encodeURIComponent(`/accept-invitation/${token}`)}`,
    );
    expect((await businessOf(person.userId)).profile?.businessName).toBe('Already Here');
  });
});

describe('the browser’s time zone at sign-up', () => {
  async function zoneAfterSignUp(timeZone: string | undefined) {
    const json: Record<string, unknown> = { email: uniqueEmail('zone'), businessName: 'Zone Shop' };
    if (timeZone !== undefined) json['timeZone'] = timeZone;
    const res = await signUp(new TestClient(t.app), json);
    expect(res.status, res.text).toBe(201);
    await settled(t);
    const [row] = rowsOf<{ time_zone: string }>(
      await db().execute(
        sql`select time_zone from public.business_profiles where user_id = ${res.json.data.user.id}`,
      ),
    );
    return row?.time_zone;
  }

  it('becomes the business’s time zone when the server knows it, in its own spelling', async () => {
    expect(await zoneAfterSignUp('America/New_York')).toBe('America/New_York');
    expect(await zoneAfterSignUp('utc')).toBe('UTC');
  });

  it('falls back to UTC when absent or unknown', async () => {
    expect(await zoneAfterSignUp(undefined)).toBe('UTC');
    expect(await zoneAfterSignUp('Mars/Olympus_Mons')).toBe('UTC');
    expect(await zoneAfterSignUp('+01:00')).toBe('UTC');
  });
});

describe('memberships of someone without a business of their own', () => {
  const me = '00000000-0000-4000-8000-00000000000a';
  const shop = '00000000-0000-4000-8000-00000000000b';
  const cafe = '00000000-0000-4000-8000-00000000000c';

  it('list no business of their own, only those they are staff of', () => {
    const facts = actorFactsOf(me, {
      status: 'active',
      business_name: null,
      staff: [[shop, 'manager', 'Corner Shop']],
    });
    expect(facts.memberships).toEqual([
      { tenant_id: shop, role: 'manager', business_name: 'Corner Shop' },
    ]);
    expect(
      actorFactsOf(me, { status: null, business_name: null, staff: null }).memberships,
    ).toEqual([]);
  });

  it('act where the cookie says, else in the first business they work in, else as a viewer of nothing', () => {
    const memberships = [
      { tenant_id: shop, role: 'manager' as const, business_name: 'Corner Shop' },
      { tenant_id: cafe, role: 'viewer' as const, business_name: 'Cafe' },
    ];
    expect(chooseMembership(memberships, me, cafe)).toEqual({
      tenantId: cafe,
      tenantRole: 'viewer',
    });
    expect(chooseMembership(memberships, me, undefined)).toEqual({
      tenantId: shop,
      tenantRole: 'manager',
    });
    // Their own id names no business: it is not a choice.
    expect(chooseMembership(memberships, me, me)).toEqual({
      tenantId: shop,
      tenantRole: 'manager',
    });
    expect(chooseMembership([], me, shop)).toEqual({ tenantId: me, tenantRole: 'viewer' });
  });

  it('an owner still acts in their own business by default', () => {
    const memberships = [
      { tenant_id: shop, role: 'staff' as const, business_name: 'Corner Shop' },
      { tenant_id: me, role: 'owner' as const, business_name: 'Mine' },
    ];
    expect(chooseMembership(memberships, me, undefined)).toEqual({
      tenantId: me,
      tenantRole: 'owner',
    });
  });
});
