import type { SimContext } from './context.ts';
import {
  COMMENTS,
  MESSAGES,
  PERSONAS,
  SPAM,
  SPAMMERS,
  type CrowdPersona,
  type Mood,
} from './crowd-voices.ts';
import { commentsOf } from './inbox-store.ts';
import type { InboxFollowers } from './inbox-followers.ts';
import { seededRandom } from './inbox-webhooks.ts';
import type { SimWorld } from './state.ts';

// Crowd mode (docs/decisions/091): simulated followers comment on the accounts' media and posts,
// answer each other, and write direct messages, from time to time (one event every 20–40 s per
// world by default) or in bursts for tests. Everything they choose comes from a seeded generator:
// the same seed over the same accounts and posts gives the same events.

export interface CrowdOptions {
  seed: number;
  /** The wait between two events of one world, in ms: a range, picked from at random. */
  intervalMs: [number, number];
  /** The timed crowd leaves a world alone after this many events (memory of a long demo). */
  maxEventsPerWorld: number;
  /** Only the worlds made for businesses (in the app), never the seed world. */
  provisionedOnly: boolean;
}

export const DEFAULT_CROWD: CrowdOptions = {
  seed: 42,
  intervalMs: [20_000, 40_000],
  maxEventsPerWorld: 5000,
  provisionedOnly: false,
};

export interface CrowdEvent {
  kind: 'comment' | 'reply' | 'message';
  accountId: string;
  objectId: string | null;
  username: string;
  text: string;
  /** The comment id or message mid made. */
  id: string;
}

export function createCrowd(ctx: SimContext, followers: InboxFollowers) {
  const { state } = ctx;
  let options: CrowdOptions = { ...DEFAULT_CROWD };
  let random = seededRandom(options.seed);
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Each persona's ids, per platform, drawn from the seed.
  let ids = new Map<string, string>();
  // Events the timed crowd made, per world (its person).
  const made = new Map<string, number>();

  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const idFor = (persona: CrowdPersona, platform: 'instagram' | 'facebook') => {
    const key = `${platform}:${persona.username}`;
    let id = ids.get(key);
    if (!id) {
      id = platform === 'instagram' ? '6' : '5';
      while (id.length < 16) id += String(Math.floor(random() * 10));
      ids.set(key, id);
    }
    return id;
  };

  /** The worlds the crowd visits: those made for businesses, else the seed world. */
  function worlds(): SimWorld[] {
    const provisioned = [...state.worlds.values()];
    if (provisioned.length > 0 || options.provisionedOnly) return provisioned;
    const person = [...state.people.values()][0];
    if (!person) return [];
    return [
      {
        personId: person.id,
        pageId: person.pageIds[0] ?? '',
        secondPageId: person.pageIds[1] ?? '',
        businessPageId: '',
        businessId: person.businessIds[0] ?? '',
        igAccountId: state.pages.get(person.pageIds[0] ?? '')?.igAccountId ?? '',
        igLoginAccountId: person.igLoginAccountId ?? '',
      },
    ];
  }

  function accountsOf(world: SimWorld) {
    const igIds = [world.igAccountId, world.igLoginAccountId].filter((id) =>
      state.igAccounts.has(id),
    );
    const pageIds = [world.pageId, world.secondPageId, world.businessPageId].filter((id) =>
      state.pages.get(id)?.tasks.includes('MESSAGING'),
    );
    return { igIds, pageIds };
  }

  function objectsOf(world: SimWorld): string[] {
    const { igIds } = accountsOf(world);
    const pages = [world.pageId, world.secondPageId, world.businessPageId];
    const media = [...state.media.values()]
      .filter((m) => igIds.includes(m.igUserId) && m.productType !== 'STORY')
      .map((m) => m.id);
    const posts = [...state.posts.values()]
      .filter((p) => pages.includes(p.pageId) && p.published)
      .map((p) => p.id);
    return [...media, ...posts];
  }

  function say(persona: CrowdPersona, spam: boolean, mood: Mood): string {
    if (spam) return pick(SPAM);
    return pick(COMMENTS[persona.lang][mood]);
  }

  /** One event in one world, or null when the world has nowhere to write. */
  function once(world: SimWorld): CrowdEvent | null {
    const spam = random() < 0.1;
    const persona = spam ? pick(SPAMMERS) : pick(PERSONAS);
    const roll = random();
    const mood: Mood = roll < 0.45 ? 'positive' : roll < 0.7 ? 'question' : 'negative';
    const objects = objectsOf(world);
    const { igIds, pageIds } = accountsOf(world);
    const wantsComment = random() < 0.65;
    if (wantsComment && objects.length > 0) {
      const objectId = pick(objects);
      const platform = state.media.has(objectId) ? 'instagram' : 'facebook';
      const existing = commentsOf(state, objectId, null).filter((c) => c.from !== null);
      const replyTo = !spam && existing.length > 0 && random() < 0.25 ? pick(existing) : null;
      const text = say(persona, spam, mood);
      const from = { id: idFor(persona, platform), username: persona.username, name: persona.name };
      const made = followers.comment({
        objectId,
        text,
        from,
        ...(replyTo ? { parentId: replyTo.id } : {}),
      });
      return {
        kind: replyTo ? 'reply' : 'comment',
        accountId: made.ownerId,
        objectId,
        username: persona.username,
        text,
        id: made.id,
      };
    }
    const accounts = [...igIds, ...pageIds];
    if (accounts.length === 0) return null;
    const accountId = pick(accounts);
    const platform = state.igAccounts.has(accountId) ? 'instagram' : 'facebook';
    const text = spam ? pick(SPAM) : pick(MESSAGES[persona.lang]);
    const from = { id: idFor(persona, platform), username: persona.username, name: persona.name };
    const made = followers.message({ accountId, text, from });
    return {
      kind: 'message',
      accountId,
      objectId: null,
      username: persona.username,
      text,
      id: made.id,
    };
  }

  function next(): CrowdEvent | null {
    const all = worlds();
    if (all.length === 0) return null;
    return once(pick(all));
  }

  function schedule(): void {
    const [min, max] = options.intervalMs;
    // One event per world per interval on average: the wait shrinks as worlds are added.
    const perWorld = min + random() * Math.max(0, max - min);
    const wait = perWorld / Math.max(1, worlds().length);
    timer = setTimeout(() => {
      try {
        const all = worlds().filter((w) => (made.get(w.personId) ?? 0) < options.maxEventsPerWorld);
        if (all.length > 0) {
          const world = pick(all);
          if (once(world)) made.set(world.personId, (made.get(world.personId) ?? 0) + 1);
        }
      } finally {
        if (timer) schedule();
      }
    }, wait);
    timer.unref?.();
  }

  return {
    /** Starts (or restarts) the timed crowd, from its seed. */
    start(next: Partial<CrowdOptions> = {}): CrowdOptions {
      this.stop();
      options = { ...DEFAULT_CROWD, ...next };
      random = seededRandom(options.seed);
      ids = new Map();
      made.clear();
      schedule();
      return { ...options };
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
    running: () => timer !== null,
    options: () => ({ ...options }),
    /** `count` events at once (tests); from `seed` when given, else where the crowd is. */
    burst(count: number, seed?: number): CrowdEvent[] {
      if (seed !== undefined) {
        random = seededRandom(seed);
        ids = new Map();
      }
      const out: CrowdEvent[] = [];
      for (let i = 0; i < count; i += 1) {
        const event = next();
        if (event) out.push(event);
      }
      return out;
    },
  };
}

export type Crowd = ReturnType<typeof createCrowd>;
