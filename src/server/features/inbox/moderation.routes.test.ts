import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationAction, ModerationRule } from '#shared/contracts/inbox.contract.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { inboxItems, inboxModerationActions } from './inbox.tables.ts';
import { ingestItem, type IncomingItem } from './ingest.ts';
import { registerModeration } from './moderation.service.ts';
import {
  expectOk,
  graphError,
  inboxOwner,
  readItemRow,
  scriptPlatform,
  uid,
  type Account,
  type InboxOwner,
  type ScriptedPlatform,
} from './inbox.test-helpers.ts';

// Moderation rules (docs/decisions/091): owner and manager write them, an unsafe pattern is
// refused, every incoming comment is checked as the ingest stores it, the rule hides it on the
// platform or flags it, every automatic action is audited, and one click undoes it.

let t: TestApp;
let a: InboxOwner;
let platform: ScriptedPlatform;

beforeAll(async () => {
  t = await getTestApp();
  a = await inboxOwner(t);
  platform = scriptPlatform(t);
  registerModeration();
});

afterAll(() => platform.restore());

function comment(account: Account, text: string): IncomingItem {
  const id = uid('c');
  return {
    platform: account.platform,
    kind: 'comment',
    externalId: id,
    parentExternalId: null,
    thread: {
      kind: 'comment',
      key: id,
      postExternalId: uid('media'),
      conversationId: null,
      participant: { id: uid('p'), name: 'Someone', handle: 'someone' },
    },
    direction: 'in',
    origin: 'platform',
    source: 'webhook',
    author: { id: uid('p'), name: 'Someone', handle: 'someone' },
    text,
    attachments: [],
    sentAt: new Date(),
    sentiment: null,
  };
}

async function arrive(owner: InboxOwner, account: Account, text: string) {
  const item = comment(account, text);
  await ingestItem(t.runtime.deps, { tenantId: owner.tenantId, connectionId: account.id }, item);
  const [row] = await t.runtime.deps.database.unsafeDb
    .select({ id: inboxItems.id, threadId: inboxItems.threadId })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, owner.tenantId), eq(inboxItems.externalId, item.externalId)));
  return row;
}

const rules = (owner: InboxOwner, json: unknown, path = '') =>
  owner.user.client.request(`/api/inbox/moderation/rules${path}`, { json });

describe('moderation rules', () => {
  it('are written by owner and manager, refused for staff, and patterns are checked', async () => {
    const manager = await addMember(t, a.user, 'manager');
    const staff = await addMember(t, a.user, 'staff');
    const body = { connectionId: a.ig.id, name: 'Spam', keywords: ['spam'], action: 'flag' };
    const made: ModerationRule = await expectOk(
      await manager.client.request('/api/inbox/moderation/rules', { json: body }),
      201,
    );
    expect(made).toMatchObject({ name: 'Spam', keywords: ['spam'], pattern: null, enabled: true });
    expectError(
      await staff.client.request('/api/inbox/moderation/rules', { json: body }),
      403,
      'FORBIDDEN',
    );
    const bad = await rules(a, { ...body, keywords: [], pattern: '(a+)+' });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.json.metadata.fieldErrors.pattern).toMatch(/repeat/);
    const other = await inboxOwner(t);
    expectError(await rules(a, { ...body, connectionId: other.ig.id }), 400, 'VALIDATION_ERROR');
    const changed: ModerationRule = await expectOk(
      await a.user.client.request(`/api/inbox/moderation/rules/${made.id}`, {
        method: 'PUT',
        json: { ...body, enabled: false },
      }),
    );
    expect(changed.enabled).toBe(false);
    expectError(
      await other.user.client.request(`/api/inbox/moderation/rules/${made.id}`, {
        method: 'DELETE',
      }),
      404,
      'NOT_FOUND',
    );
    await expectOk(
      await a.user.client.request(`/api/inbox/moderation/rules/${made.id}`, { method: 'DELETE' }),
    );
  });

  it('hide a matching comment on the platform as it arrives, audited, and undone in one click', async () => {
    const b = await inboxOwner(t);
    await expectOk(
      await rules(b, {
        connectionId: b.ig.id,
        name: 'Links',
        keywords: ['free followers'],
        pattern: 'bit\\.ly/\\w+',
        action: 'hide',
      }),
      201,
    );
    platform.calls.length = 0;
    const hit = (await arrive(b, b.ig, 'Get FREE   followers at bit.ly/xyz'))!;
    const clean = (await arrive(b, b.ig, 'Lovely photo'))!;
    const otherAccount = (await arrive(b, b.page, 'free followers here'))!;
    expect(platform.calls.map((c) => c.name)).toEqual(['setCommentHidden']);
    expect(await readItemRow(t, hit.id)).toMatchObject({ hidden: true, hiddenBy: 'rule' });
    expect((await readItemRow(t, clean.id))!.hidden).toBe(false);
    expect((await readItemRow(t, otherAccount.id))!.hidden).toBe(false);
    const actions: ModerationAction[] = await expectOk(
      await b.user.client.request('/api/inbox/moderation/actions'),
    );
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      itemId: hit.id,
      threadId: hit.threadId,
      ruleName: 'Links',
      action: 'hide',
      matched: 'free followers',
      status: 'applied',
    });
    const undone: ModerationAction = await expectOk(
      await b.user.client.request(`/api/inbox/moderation/actions/${actions[0]!.id}/undo`, {
        method: 'POST',
      }),
    );
    expect(undone.status).toBe('undone');
    expect(platform.calls.at(-1)).toMatchObject({
      name: 'setCommentHidden',
      input: { hidden: false },
    });
    expect((await readItemRow(t, hit.id))!.hidden).toBe(false);
    expectError(
      await b.user.client.request(`/api/inbox/moderation/actions/${actions[0]!.id}/undo`, {
        method: 'POST',
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('flag instead of hiding; a failed hide is audited as failed', async () => {
    const b = await inboxOwner(t);
    await expectOk(
      await rules(b, {
        connectionId: b.page.id,
        name: 'Rude',
        keywords: ['idiot'],
        action: 'flag',
      }),
      201,
    );
    await expectOk(
      await rules(b, { connectionId: b.ig.id, name: 'Hide', keywords: ['scam'], action: 'hide' }),
      201,
    );
    platform.calls.length = 0;
    const flagged = (await arrive(b, b.page, 'You IDIOT'))!;
    expect(await readItemRow(t, flagged.id)).toMatchObject({ flagged: true, hidden: false });
    expect(platform.calls).toHaveLength(0);
    platform.failNext(graphError(200));
    const failed = (await arrive(b, b.ig, 'total scam'))!;
    expect((await readItemRow(t, failed.id))!.hidden).toBe(false);
    const audit = await t.runtime.deps.database.unsafeDb
      .select()
      .from(inboxModerationActions)
      .where(eq(inboxModerationActions.userId, b.tenantId));
    expect(audit.map((r) => [r.action, r.status]).sort()).toEqual([
      ['flag', 'applied'],
      ['hide', 'failed'],
    ]);
    const flagAction = audit.find((r) => r.action === 'flag')!;
    await expectOk(
      await b.user.client.request(`/api/inbox/moderation/actions/${flagAction.id}/undo`, {
        method: 'POST',
      }),
    );
    expect((await readItemRow(t, flagged.id))!.flagged).toBe(false);
  });
});
