import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  actorContextSchema,
  invitationPreviewSchema,
  staffInvitationSchema,
  staffMemberViewSchema,
} from '#shared/contracts/staff.contract.ts';
import {
  STRONG_PASSWORD,
  TestClient,
  createSignedInUser,
  getTestApp,
  latestEmailTo,
  linkFrom,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import { hashToken } from '#server/platform/security/tokens.ts';
import { staffInvitations } from './staff.tables.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { expectError } from '#server/test/expect-error.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

type Res = { status: number; json: { success: boolean; metadata: { errorCode: string } } };
/**
 * The test client keeps one cookie; the accept and active-tenant answers add sg_tenant beside
 * the session, as a browser would.
 */
async function keepingSession<R extends Res & { headers: Headers }>(
  client: TestClient,
  run: () => Promise<R>,
): Promise<R> {
  const session = client.cookie?.split(';')[0];
  const res = await run();
  const tenant = res.headers.get('set-cookie')?.match(/sg_tenant=([^;]+)/)?.[1];
  client.cookie = tenant ? `${session}; sg_tenant=${tenant}` : session;
  return res;
}

/** Signs a person up with a chosen address (the invited one) and signs them in. */
async function signUpAs(email: string, businessName = 'Staff Side Shop'): Promise<SignedInUser> {
  const client = new TestClient(t.app);
  const signUp = await client.request('/api/auth/sign-up', {
    json: { email, password: STRONG_PASSWORD, businessName },
  });
  expect(signUp.status).toBe(201);
  const mail = await latestEmailTo(t, email);
  const confirm = await client.request(linkFrom(mail!.text, '/api/auth/confirm'));
  expect(confirm.status).toBe(302);
  return { client, userId: signUp.json.data.user.id, email };
}

async function invite(owner: SignedInUser, email: string, role = 'staff') {
  const res = await owner.client.request('/api/staff/invitations', { json: { email, role } });
  const mail = await latestEmailTo(t, email);
  const token = mail
    ? decodeURIComponent(linkFrom(mail.text, '/accept-invitation/').split('/')[2]!)
    : '';
  return { res, token, mail };
}

async function accept(member: SignedInUser, token: string) {
  return keepingSession(member.client, () =>
    member.client.request('/api/invitations/accept', { json: { token } }),
  );
}

/** An owner and a person who accepted their invitation with `role`. */
async function team(role: 'staff' | 'manager' | 'viewer' = 'staff') {
  const owner = await createSignedInUser(t, { businessName: 'Rosa Bakery', fullName: 'Rosa Diaz' });
  const member = await signUpAs(uniqueEmail('member'));
  const { token } = await invite(owner, member.email, role);
  const accepted = await accept(member, token);
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
  return { owner, member };
}

describe('staff invitations', () => {
  it('creates a pending invitation valid 7 days, stores only a hash and e-mails the link', async () => {
    const owner = await createSignedInUser(t, {
      businessName: 'Rosa Bakery',
      fullName: 'Rosa Diaz',
    });
    const email = uniqueEmail('invitee');
    const before = Date.now();
    const { res, token, mail } = await invite(owner, email, 'manager');
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const invitation = staffInvitationSchema.parse(res.json.data);
    expect(invitation).toMatchObject({ email, role: 'manager', status: 'pending' });
    const validFor = Date.parse(invitation.expires_at) - Date.parse(invitation.created_at);
    expect(validFor).toBe(7 * 86_400_000);
    expect(Date.parse(invitation.created_at)).toBeGreaterThanOrEqual(before - 1000);

    expect(mail!.subject).toBe('Rosa Diaz invited you to Rosa Bakery on Soci Gen');
    expect(mail!.html).toContain('/accept-invitation/');
    expect(token.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, invitation.id));
    expect(row!.invitationToken).toBe(hashToken(token));
    expect(row!.token).not.toContain(token);
    expect(row!.invitedBy).toBe(owner.userId);

    const list = await owner.client.request('/api/staff/invitations');
    expect(list.status).toBe(200);
    expect(list.json.data.map((i: { id: string }) => i.id)).toEqual([invitation.id]);
  });

  it('validates input with the catalogue message and keeps one pending invitation per address', async () => {
    const owner = await createSignedInUser(t);
    expectError(
      await owner.client.request('/api/staff/invitations', {
        json: { email: 'not-an-address', role: 'staff' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await owner.client.request('/api/staff/invitations', {
        json: { email: uniqueEmail(), role: 'owner' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    const email = uniqueEmail('twice');
    expect((await invite(owner, email)).res.status).toBe(201);
    const again = await owner.client.request('/api/staff/invitations', {
      json: { email: email.toUpperCase(), role: 'viewer' },
    });
    expectError(again, 400, 'VALIDATION_ERROR');
    expect(again.json.error).toBe(
      'This address already has a pending invitation. Resend it instead.',
    );
  });

  it('answers the same whether or not the invited address has an account', async () => {
    const owner = await createSignedInUser(t);
    const existing = await createSignedInUser(t);
    const a = await invite(owner, existing.email);
    const b = await invite(owner, uniqueEmail('nobody'));
    expect(a.res.status).toBe(201);
    expect(b.res.status).toBe(201);
    expect(Object.keys(a.res.json.data).sort()).toEqual(Object.keys(b.res.json.data).sort());
    expect(a.mail!.subject).toBe(b.mail!.subject);
  });

  it('rate limits invitation e-mails to one address', async () => {
    const owner = await createSignedInUser(t);
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i += 1) {
      const { res } = await invite(owner, email);
      expect(res.status).toBe(201);
      await owner.client.request(`/api/staff/invitations/${res.json.data.id}`, {
        method: 'DELETE',
      });
    }
    expectError((await invite(owner, email)).res, 429, 'RATE_LIMIT_EXCEEDED');
  });

  it('refuses invitations beyond the plan’s staff seats (Free has none)', async () => {
    const owner = await createSignedInUser(t);
    await t.runtime.deps.database.unsafeDb
      .update(subscription)
      .set({ plan: 'free' })
      .where(eq(subscription.userId, owner.userId));
    const { res } = await invite(owner, uniqueEmail());
    expectError(res, 422, 'BUSINESS_RULE_VIOLATION');
    expect(res.json.error).toMatch(/no staff seats/);
  });

  it('cancels a pending invitation (pending → cancelled) and only once', async () => {
    const owner = await createSignedInUser(t);
    const { res, token } = await invite(owner, uniqueEmail());
    const id = res.json.data.id;
    const cancelled = await owner.client.request(`/api/staff/invitations/${id}`, {
      method: 'DELETE',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data.status).toBe('cancelled');
    expectError(
      await owner.client.request(`/api/staff/invitations/${id}`, { method: 'DELETE' }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
    const preview = await new TestClient(t.app).request(`/api/invitations/${token}`);
    expect(preview.json.data).toMatchObject({
      status: 'cancelled',
      email: null,
      business_name: null,
    });
    expectError(
      await owner.client.request(`/api/staff/invitations/${crypto.randomUUID()}`, {
        method: 'DELETE',
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('resends with a new link (the old one stops working) and copies the current link', async () => {
    const owner = await createSignedInUser(t);
    const email = uniqueEmail('resent');
    const { res, token: first } = await invite(owner, email);
    const id = res.json.data.id;
    const resent = await owner.client.request(`/api/staff/invitations/${id}/resend`, {
      method: 'POST',
    });
    expect(resent.status).toBe(200);
    const mail = await latestEmailTo(t, email);
    const second = decodeURIComponent(linkFrom(mail!.text, '/accept-invitation/').split('/')[2]!);
    expect(second).not.toBe(first);
    const anonymous = new TestClient(t.app);
    expectError(await anonymous.request(`/api/invitations/${first}`), 404, 'NOT_FOUND');
    expect((await anonymous.request(`/api/invitations/${second}`)).json.data.status).toBe(
      'pending',
    );

    const link = await owner.client.request(`/api/staff/invitations/${id}/link`, {
      method: 'POST',
    });
    expect(link.status).toBe(200);
    expect(link.json.data.url).toBe(`http://localhost:3000/accept-invitation/${second}`);
  });
});

describe('accepting an invitation', () => {
  it('previews who invites whom to which business, without sign-in', async () => {
    const owner = await createSignedInUser(t, {
      businessName: 'Rosa Bakery',
      fullName: 'Rosa Diaz',
    });
    const email = uniqueEmail('preview');
    const { token } = await invite(owner, email, 'viewer');
    const res = await new TestClient(t.app).request(`/api/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(invitationPreviewSchema.parse(res.json.data)).toMatchObject({
      status: 'pending',
      business_name: 'Rosa Bakery',
      inviter_name: 'Rosa Diaz',
      email,
      role: 'viewer',
    });
    const unknown = await new TestClient(t.app).request(`/api/invitations/${'x'.repeat(43)}`);
    expectError(unknown, 404, 'NOT_FOUND');
    expect(unknown.json.error).toBe(
      'This invitation link is not valid. Check the link in your e-mail.',
    );
    expectError(
      await new TestClient(t.app).request('/api/invitations/short'),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('joins the person as staff of the owner’s business, once', async () => {
    const owner = await createSignedInUser(t, { businessName: 'Rosa Bakery' });
    const member = await signUpAs(uniqueEmail('joiner'));
    const { token } = await invite(owner, member.email, 'staff');

    expectError(
      await new TestClient(t.app).request('/api/invitations/accept', { json: { token } }),
      401,
      'UNAUTHORIZED',
    );
    const res = await accept(member, token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toEqual({
      tenant_id: owner.userId,
      business_name: 'Rosa Bakery',
      role: 'staff',
    });
    const roles = rowsOf<{ role: string; tenant_id: string; staff_role: string }>(
      await t.runtime.deps.database.unsafeDb.execute(
        sql`select role, tenant_id, staff_role from public.user_roles where user_id = ${member.userId}`,
      ),
    );
    expect(roles).toEqual([{ role: 'tenant_staff', tenant_id: owner.userId, staff_role: 'staff' }]);

    // Single use: the same link again, even by the same person.
    const again = await accept(member, token);
    expectError(again, 400, 'VALIDATION_ERROR');
    expect(again.json.error).toBe('This invitation has already been used.');
    const preview = await new TestClient(t.app).request(`/api/invitations/${token}`);
    expect(preview.json.data.status).toBe('accepted');
  });

  it('says clearly why an expired, cancelled or foreign link cannot be used', async () => {
    const owner = await createSignedInUser(t);
    const member = await signUpAs(uniqueEmail('late'));

    const expired = await invite(owner, member.email);
    await t.runtime.deps.database.unsafeDb
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, expired.res.json.data.id));
    expect(
      (await new TestClient(t.app).request(`/api/invitations/${expired.token}`)).json.data.status,
    ).toBe('expired');
    const late = await accept(member, expired.token);
    expectError(late, 400, 'VALIDATION_ERROR');
    expect(late.json.error).toBe('This invitation has expired.');

    const other = await invite(owner, uniqueEmail('someone-else'));
    const foreign = await accept(member, other.token);
    expectError(foreign, 403, 'FORBIDDEN');
    expect(foreign.json.error).toMatch(/sent to another e-mail address/);

    const self = await invite(owner, owner.email);
    const own = await accept(owner, self.token);
    expectError(own, 400, 'VALIDATION_ERROR');
    expect(own.json.error).toBe('You cannot join your own business as staff.');

    expectError(await accept(member, 'y'.repeat(43)), 404, 'NOT_FOUND');
  });
});

describe('acting as staff', () => {
  it('makes the member act in the owner’s business with their role, and can switch back', async () => {
    const { owner, member } = await team('staff');
    const me = await member.client.request('/api/staff/me');
    expect(me.status).toBe(200);
    const context = actorContextSchema.parse(me.json.data);
    expect(context).toMatchObject({
      tenant_id: owner.userId,
      tenant_role: 'staff',
      is_admin: false,
    });
    expect(context.memberships.map((m) => [m.tenant_id, m.role]).sort()).toEqual(
      [
        [member.userId, 'owner'],
        [owner.userId, 'staff'],
      ].sort(),
    );

    const business = await member.client.request('/api/business-profile');
    expect(business.json.data.business_name).toBe('Rosa Bakery');
    const created = await member.client.request('/api/posts', {
      json: { post: { title: 'Staff post' }, intent: 'draft' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.data.user_id).toBe(owner.userId);
    const ownerEvents = await owner.client.request('/api/calendar-events');
    expect(ownerEvents.json.data.map((e: { title: string }) => e.title)).toContain('Staff post');

    // Staff may not manage staff or change the business profile.
    expectError((await invite(member, uniqueEmail())).res, 403, 'FORBIDDEN');
    expectError(
      await member.client.request('/api/business-profile', {
        method: 'PATCH',
        json: { business_name: 'Taken over' },
      }),
      403,
      'FORBIDDEN',
    );
    expect((await member.client.request('/api/staff/members')).status).toBe(200);

    const back = await keepingSession(member.client, () =>
      member.client.request('/api/staff/active-tenant', {
        method: 'PUT',
        json: { tenant_id: member.userId },
      }),
    );
    expect(back.status).toBe(200);
    expect(back.json.data).toMatchObject({ tenant_id: member.userId, tenant_role: 'owner' });
    expect((await member.client.request('/api/business-profile')).json.data.business_name).toBe(
      'Staff Side Shop',
    );
  });

  it('lets a viewer read and nothing else', async () => {
    const { owner, member } = await team('viewer');
    await owner.client.request('/api/posts', {
      json: { post: { title: 'Owner post' }, intent: 'draft' },
    });
    const list = await member.client.request('/api/calendar-events');
    expect(list.status).toBe(200);
    expect(list.json.data.map((e: { title: string }) => e.title)).toContain('Owner post');
    expectError(
      await member.client.request('/api/posts', {
        json: { post: { title: 'Nope' }, intent: 'draft' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await member.client.request(`/api/staff/members/${member.userId}`, { method: 'DELETE' }),
      403,
      'FORBIDDEN',
    );
  });

  it('lets a manager invite, change roles and remove staff', async () => {
    const { owner, member: manager } = await team('manager');
    const colleague = await signUpAs(uniqueEmail('colleague'));
    const { res, token } = await invite(manager, colleague.email, 'staff');
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect((await accept(colleague, token)).status).toBe(200);

    const members = await owner.client.request('/api/staff/members');
    expect(members.status).toBe(200);
    const parsed = members.json.data.map((m: unknown) => staffMemberViewSchema.parse(m));
    expect(
      parsed.map((m: { email: string | null; role: string }) => [m.email, m.role]).sort(),
    ).toEqual(
      [
        [colleague.email, 'staff'],
        [manager.email, 'manager'],
      ].sort(),
    );

    const changed = await manager.client.request(`/api/staff/members/${colleague.userId}`, {
      method: 'PATCH',
      json: { role: 'viewer' },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data.role).toBe('viewer');
    expect((await colleague.client.request('/api/staff/me')).json.data.tenant_role).toBe('viewer');

    const removed = await manager.client.request(`/api/staff/members/${colleague.userId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    // The removed member falls back to their own business at once.
    const after = await colleague.client.request('/api/staff/me');
    expect(after.json.data).toMatchObject({ tenant_id: colleague.userId, tenant_role: 'owner' });
    expectError(
      await manager.client.request(`/api/staff/members/${colleague.userId}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
  });

  it('never lets a staff member of tenant A act in tenant B', async () => {
    const { member } = await team('staff');
    const other = await createSignedInUser(t, { businessName: 'Other Business' });
    await other.client.request('/api/posts', {
      json: { post: { title: 'B secret' }, intent: 'draft' },
    });
    expectError(
      await member.client.request('/api/staff/active-tenant', {
        method: 'PUT',
        json: { tenant_id: other.userId },
      }),
      403,
      'FORBIDDEN',
    );
    // A forged cookie is ignored: the member acts in their own business instead.
    const session = member.client.cookie!.split(';')[0];
    member.client.cookie = `${session}; sg_tenant=${other.userId}`;
    const me = await member.client.request('/api/staff/me');
    expect(me.json.data.tenant_id).toBe(member.userId);
    const events = await member.client.request('/api/calendar-events');
    expect(events.json.data.map((e: { title: string }) => e.title)).not.toContain('B secret');
    expect((await member.client.request('/api/business-profile')).json.data.business_name).not.toBe(
      'Other Business',
    );
  });
});
