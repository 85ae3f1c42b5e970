import type { Context, Hono } from 'hono';
import type { Crowd, CrowdOptions } from './crowd.ts';
import { InboxInputError, type InboxFollowers } from './inbox-followers.ts';
import type { InboxWebhooks, WebhookFaults } from './inbox-webhooks.ts';

// The control API of the inbox (docs/decisions/091; served only on its own inside the app,
// docs/decisions/057): followers' comments, edits, removals, messages, unsends and reads; webhook
// faults, flush and the delivery log; the simulator's record of an account; crowd mode.

export interface InboxControlDeps {
  webhooks: InboxWebhooks;
  followers: InboxFollowers;
  crowd: Crowd;
}

export function mountInboxControl(control: Hono, deps: InboxControlDeps) {
  const { webhooks, followers, crowd } = deps;

  const body = async <T>(c: Context) => (await c.req.json().catch(() => ({}))) as T;
  const guarded = async (c: Context, work: () => unknown) => {
    try {
      return c.json(await work());
    } catch (error) {
      if (error instanceof InboxInputError) return c.json({ error: error.message }, 400);
      throw error;
    }
  };

  // A follower's comment on a medium or post, or a reply with parentId.
  control.post('/inbox/comments', async (c) => {
    const input = await body<Parameters<InboxFollowers['comment']>[0]>(c);
    return guarded(c, () => followers.comment(input));
  });
  control.post('/inbox/comments/:id/edit', async (c) => {
    const input = await body<{ text: string }>(c);
    return guarded(c, () => followers.editComment(c.req.param('id'), input.text));
  });
  control.post('/inbox/comments/:id/remove', (c) =>
    guarded(c, () => followers.removeComment(c.req.param('id'))),
  );
  // A follower's message to a Page (Messenger) or an Instagram account.
  control.post('/inbox/messages', async (c) => {
    const input = await body<Parameters<InboxFollowers['message']>[0]>(c);
    return guarded(c, () => followers.message(input));
  });
  // The account writes from the phone app (an echo without app id or metadata).
  control.post('/inbox/account-messages', async (c) => {
    const input = await body<Parameters<InboxFollowers['accountMessage']>[0]>(c);
    return guarded(c, () => followers.accountMessage(input));
  });
  control.post('/inbox/messages/:mid/unsend', (c) =>
    guarded(c, () => followers.unsend(c.req.param('mid'))),
  );
  control.post('/inbox/conversations/:id/read', (c) =>
    guarded(c, () => {
      followers.read(c.req.param('id'));
      return { success: true };
    }),
  );
  // Everything the simulator holds for one account, removed comments and unsent messages too.
  control.get('/inbox/record/:accountId', (c) =>
    c.json(followers.record(c.req.param('accountId'))),
  );

  control.get('/inbox/webhooks', (c) =>
    c.json({ faults: webhooks.faults(), held: webhooks.heldCount(), log: webhooks.log() }),
  );
  control.post('/inbox/webhooks/faults', async (c) => {
    const input = await body<Partial<WebhookFaults>>(c);
    return c.json({ faults: webhooks.setFaults(input) });
  });
  control.delete('/inbox/webhooks/faults', (c) => {
    webhooks.clearFaults();
    return c.json({ success: true });
  });
  // Delivers everything held and answers once every delivery is made.
  control.post('/inbox/webhooks/flush', async (c) => {
    await webhooks.flush();
    return c.json({ success: true, delivered: webhooks.log().length });
  });

  control.get('/inbox/crowd', (c) => c.json({ running: crowd.running(), ...crowd.options() }));
  control.post('/inbox/crowd', async (c) => {
    const input = await body<Partial<CrowdOptions> & { on?: boolean; burst?: number }>(c);
    if (input.burst !== undefined) {
      return c.json({ events: crowd.burst(input.burst, input.seed) });
    }
    if (input.on === false) {
      crowd.stop();
      return c.json({ running: false });
    }
    const { on: _on, burst: _burst, ...options } = input;
    return c.json({ running: true, ...crowd.start(options) });
  });
}
