import { describe, expect, it } from 'vitest';
import { SIM_HOSTS } from './context.ts';
import { simulatorWithSink, tokenFor } from './inbox.test-helpers.ts';
import { SEED } from './state.ts';

// Webhook faults on demand (docs/product/meta-platform.md#fault-injection): duplicates,
// reordering, delay, drops and the early echo, seeded and repeatable; deliveries never hold up
// the API answer except for the early echo.

const mids = (bodies: { entry: { messaging?: Record<string, unknown>[] }[] }[]) =>
  bodies.map((b) => (b.entry[0]!.messaging![0]!.message as { mid: string }).mid);

describe('webhook faults', () => {
  it('duplicates: every event twice at rate 1', async () => {
    const { sink, followers, webhooks } = simulatorWithSink();
    webhooks.setFaults({ duplicateRate: 1 });
    const m = followers.message({ accountId: SEED.pageId, text: 'twice' });
    await webhooks.idle();
    expect(mids(sink.bodies())).toEqual([m.id, m.id]);
    expect(sink.received[0]!.body).toBe(sink.received[1]!.body);
  });

  it('drops: never delivered, still in the record; the log says so', async () => {
    const { sim, sink, followers, webhooks } = simulatorWithSink();
    webhooks.setFaults({ dropRate: 1 });
    const m = followers.message({ accountId: SEED.pageId, text: 'lost' });
    await webhooks.flush();
    expect(sink.received).toHaveLength(0);
    expect(webhooks.log().map((l) => l.outcome)).toEqual(['dropped']);
    expect(sim.inbox.followers.record(SEED.pageId).messages.map((x) => x.id)).toEqual([m.id]);
  });

  it('reorders: holds N, releases them shuffled, the same way for the same seed', async () => {
    const orders: string[][] = [];
    for (let run = 0; run < 2; run += 1) {
      const { sink, followers, webhooks } = simulatorWithSink();
      webhooks.setFaults({ reorder: 6, seed: 7 });
      const sent = [];
      for (let i = 0; i < 5; i += 1) {
        sent.push(followers.message({ accountId: SEED.pageId, text: `m${i}` }).text);
      }
      await webhooks.idle();
      expect(sink.received).toHaveLength(0);
      expect(webhooks.heldCount()).toBe(5);
      await webhooks.flush();
      const texts = sink
        .bodies()
        .map((b) => (b.entry[0]!.messaging![0]!.message as { text: string }).text);
      expect([...texts].sort()).toEqual(sent);
      orders.push(texts);
    }
    expect(orders[0]).toEqual(orders[1]);
    expect(orders[0]).not.toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('delays each delivery without holding up the API answer', async () => {
    const { sim, sink, followers, webhooks } = simulatorWithSink();
    const inbound = followers.message({ accountId: SEED.pageId, text: 'hi' });
    await webhooks.idle();
    webhooks.setFaults({ delayMs: 150 });
    const token = tokenFor(sim.state, 'PAGE', SEED.pageId);
    const started = Date.now();
    const res = await sim.app.request(`${SIM_HOSTS.graph}/v25.0/${SEED.pageId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        recipient: { id: inbound.fromId },
        messaging_type: 'RESPONSE',
        message: { text: 'hello', metadata: 'ref' },
      }),
    });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(120);
    expect(sink.received).toHaveLength(1);
    await webhooks.idle();
    expect(sink.received).toHaveLength(2);
    expect(sink.received[1]!.at - started).toBeGreaterThanOrEqual(140);
  });

  it('early echo: the echo arrives before the Send API answers', async () => {
    for (const earlyEcho of [true, false]) {
      const { sim, followers, webhooks, sink } = simulatorWithSink();
      const inbound = followers.message({ accountId: SEED.igAccountId, text: 'hi' });
      await webhooks.idle();
      webhooks.setFaults({ earlyEcho });
      const token = tokenFor(sim.state, 'PAGE', SEED.pageId);
      const res = await sim.app.request(`${SIM_HOSTS.graph}/v25.0/${SEED.pageId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          recipient: { id: inbound.fromId },
          messaging_type: 'RESPONSE',
          message: { text: 'hello', metadata: 'ref' },
        }),
      });
      // With early echo the echo is in when the answer comes; without, only after it.
      expect(sink.received).toHaveLength(earlyEcho ? 2 : 1);
      await webhooks.idle();
      expect(res.status).toBe(200);
      expect(sink.received).toHaveLength(2);
    }
  });

  it('batches several entries of one object into one POST', async () => {
    const { sink, followers, webhooks } = simulatorWithSink();
    webhooks.setFaults({ batch: 5 });
    for (const text of ['a', 'b', 'c']) followers.message({ accountId: SEED.pageId, text });
    for (const text of ['d', 'e']) followers.message({ accountId: SEED.igAccountId, text });
    await webhooks.idle();
    expect(sink.bodies().map((b) => [b.object, b.entry.length])).toEqual([
      ['page', 3],
      ['instagram', 2],
    ]);
  });

  it('retries a delivery the callback refused, then logs it failed', async () => {
    const { sink, followers, webhooks } = simulatorWithSink();
    sink.answerWith(500);
    followers.message({ accountId: SEED.pageId, text: 'refused' });
    await webhooks.idle();
    expect(sink.received).toHaveLength(3);
    expect(webhooks.log().at(-1)).toMatchObject({ outcome: 'failed', status: 500 });
  }, 10_000);

  it('is set and flushed through the control API', async () => {
    const { sim, sink } = simulatorWithSink();
    const call = async (path: string, body?: unknown) => {
      const res = await sim.control.request(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    await call('/inbox/webhooks/faults', { reorder: 10, duplicateRate: 0 });
    await call('/inbox/messages', { accountId: SEED.pageId, text: 'one' });
    await call('/inbox/messages', { accountId: SEED.igAccountId, text: 'two' });
    expect(sink.received).toHaveLength(0);
    const flushed = await call('/inbox/webhooks/flush', {});
    expect(flushed.delivered).toBe(2);
    expect(sink.received).toHaveLength(2);
    const state = await call('/inbox/webhooks');
    expect(state).toMatchObject({ held: 0, faults: { reorder: 10 } });
    const record = await call(`/inbox/record/${SEED.igAccountId}`);
    expect((record.messages as { text: string }[]).map((m) => m.text)).toEqual(['two']);
  });
});
