import { describe, expect, it } from 'vitest';
import { publishedMedia, publishedPost, simulatorWithSink } from './inbox.test-helpers.ts';
import { SEED } from './state.ts';

// Crowd mode (docs/decisions/091): the same seed over the same accounts and posts gives the same
// events; followers comment, reply and write, in several languages, with some spam; the timed
// crowd stops when told.

function world() {
  const made = simulatorWithSink();
  publishedMedia(made.sim.state, SEED.igAccountId);
  publishedMedia(made.sim.state, SEED.igLoginAccountId);
  publishedPost(made.sim.state, SEED.pageId);
  return made;
}

const shape = (events: { kind: string; accountId: string; username: string; text: string }[]) =>
  events.map((e) => [e.kind, e.accountId, e.username, e.text].join(' | '));

describe('crowd mode', () => {
  it('repeats the same events for the same seed', () => {
    const one = world().sim.inbox.crowd.burst(40, 7);
    const two = world().sim.inbox.crowd.burst(40, 7);
    expect(one).toHaveLength(40);
    expect(shape(one)).toEqual(shape(two));
    const other = world().sim.inbox.crowd.burst(40, 8);
    expect(shape(other)).not.toEqual(shape(one));
  });

  it('comments, replies and writes: varied, with questions, complaints and spam', async () => {
    const { sim, sink, webhooks } = world();
    const events = sim.inbox.crowd.burst(120, 3);
    const kinds = new Set(events.map((e) => e.kind));
    expect(kinds).toEqual(new Set(['comment', 'reply', 'message']));
    expect(events.some((e) => /https?:\/\//.test(e.text))).toBe(true);
    expect(events.some((e) => e.text.includes('?'))).toBe(true);
    expect(new Set(events.map((e) => e.username)).size).toBeGreaterThan(8);
    // One follower keeps one id per platform.
    const ids = new Map<string, Set<string>>();
    for (const c of sim.state.comments) {
      if (!c.from) continue;
      const key = `${c.platform}:${c.from.username}`;
      ids.set(key, (ids.get(key) ?? new Set()).add(c.from.id));
    }
    for (const set of ids.values()) expect(set.size).toBe(1);
    await webhooks.idle();
    expect(sink.received).toHaveLength(120);
  });

  it('runs on its timer until stopped', async () => {
    const { sim, webhooks } = world();
    sim.inbox.crowd.start({ seed: 5, intervalMs: [5, 10] });
    expect(sim.inbox.crowd.running()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 120));
    sim.inbox.crowd.stop();
    expect(sim.inbox.crowd.running()).toBe(false);
    const made = sim.state.comments.length + sim.state.messages.length;
    expect(made).toBeGreaterThan(3);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(sim.state.comments.length + sim.state.messages.length).toBe(made);
    await webhooks.idle();
  });

  it('visits only the worlds made for businesses when told (the app)', async () => {
    const { sim, webhooks } = world();
    sim.inbox.crowd.start({ provisionedOnly: true, intervalMs: [60_000, 60_000] });
    expect(sim.inbox.crowd.burst(5)).toEqual([]);
    const business = sim.provisionWorld('business-1');
    const events = sim.inbox.crowd.burst(20);
    sim.inbox.crowd.stop();
    const accounts = new Set([
      business.pageId,
      business.secondPageId,
      business.businessPageId,
      business.igAccountId,
      business.igLoginAccountId,
    ]);
    expect(events.length).toBe(20);
    for (const e of events) expect(accounts.has(e.accountId)).toBe(true);
    await webhooks.idle();
  });

  it('is switched on and off through the control API, and stopped by a reset', async () => {
    const { sim } = world();
    const post = (body: unknown) =>
      sim.control.request('/inbox/crowd', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post({ seed: 9, intervalMs: [60_000, 60_000] });
    expect(sim.inbox.crowd.running()).toBe(true);
    await post({ on: false });
    expect(sim.inbox.crowd.running()).toBe(false);
    await post({ seed: 9 });
    await sim.control.request('/reset', { method: 'POST', body: '{}' });
    expect(sim.inbox.crowd.running()).toBe(false);
    const burst = (await (await post({ burst: 3, seed: 1 })).json()) as { events: unknown[] };
    expect(burst.events).toHaveLength(3);
  });
});
