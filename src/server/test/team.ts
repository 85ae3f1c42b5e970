import { expect } from 'vitest';
import {
  STRONG_PASSWORD,
  TestClient,
  latestEmailTo,
  linkFrom,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './app.ts';

// A business with a member of a given role, made through the real invitation flow: the owner
// invites, the member signs up with the invited address and accepts, and the member's client
// then acts in the owner's business (its sg_tenant cookie names it, as in a browser).

export type StaffRole = 'staff' | 'manager' | 'viewer';

async function signUpAs(t: TestApp, email: string): Promise<SignedInUser> {
  const client = new TestClient(t.app);
  const signUp = await client.request('/api/auth/sign-up', {
    json: { email, password: STRONG_PASSWORD, businessName: 'Staff Side Shop' },
  });
  expect(signUp.status, signUp.text).toBe(201);
  const mail = await latestEmailTo(t, email);
  const confirm = await client.request(linkFrom(mail!.text, '/api/auth/confirm'));
  expect(confirm.status).toBe(302);
  return { client, userId: signUp.json.data.user.id, email };
}

/** Makes `member` (a new person) `role` in `owner`'s business and acts there. */
export async function addMember(
  t: TestApp,
  owner: SignedInUser,
  role: StaffRole,
): Promise<SignedInUser> {
  const member = await signUpAs(t, uniqueEmail(role));
  const invited = await owner.client.request('/api/staff/invitations', {
    json: { email: member.email, role },
  });
  expect(invited.status, invited.text).toBe(201);
  const mail = await latestEmailTo(t, member.email);
  const token = decodeURIComponent(linkFrom(mail!.text, '/accept-invitation/').split('/')[2]!);
  const session = member.client.cookie?.split(';')[0];
  const accepted = await member.client.request('/api/invitations/accept', { json: { token } });
  expect(accepted.status, accepted.text).toBe(200);
  const tenant = accepted.headers.get('set-cookie')?.match(/sg_tenant=([^;]+)/)?.[1];
  expect(tenant).toBe(owner.userId);
  member.client.cookie = `${session}; sg_tenant=${tenant}`;
  return member;
}
