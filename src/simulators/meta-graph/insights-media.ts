import type { Hono } from 'hono';
import { SIM_HOSTS, type SimContext } from './context.ts';
import {
  addDays,
  between,
  dayStartMs,
  daysBetween,
  digitsOf,
  pacificDay,
  rand,
} from './insights-history.ts';
import type { SimMedia, SimPost } from './state.ts';

// History media (docs/product/meta-platform.md#insights): with `insightsHistoryDays` set, every
// Instagram account and Page has posts of its own over that many days before the simulated now,
// 3–5 a week, so analytics has something to show from the first sync. They are generated on
// demand from the account id and the day, never stored: the same account lists the same posts
// with the same ids in every run, and a listing changes nothing. Their pictures are drawn here
// and served under the simulator's picture host.

const CAPTIONS = [
  'Fresh out of the oven this morning. Come early, they go fast!',
  'Behind the counter: how our sourdough starter gets fed every day.',
  'Weekend special is back. Tag someone you would share it with.',
  'New on the menu — tell us what you think in the comments.',
  'Thank you for 5 years of mornings together ❤️',
  'A quiet moment before the doors open.',
  'Our team, our recipes, our neighbourhood. #local #smallbusiness',
  'Three tips for the perfect crust (save this for later).',
  'Rainy day? We have coffee and something warm waiting for you.',
  'Sneak peek of what we are preparing for the holidays.',
  'From our kitchen to your table. #homemade',
  'Your favourites, voted by you. Which one wins?',
  'Early birds get the best pick. Open from 7 am.',
  'Meet the hands behind every loaf.',
  'Catering for your next event? Send us a message.',
  'Simple ingredients, done well.',
];

const PALETTE = ['#c2410c', '#b45309', '#15803d', '#0e7490', '#6d28d9', '#be185d', '#334155'];

interface Seed {
  index: string;
  at: number;
  /** 0–1, picks the kind of post. */
  kind: number;
  caption: string;
}

export function createHistory(ctx: SimContext) {
  const { state, nowMs, cfg, instagramHome } = ctx;
  const cache = new Map<string, Seed[]>();

  /** The account's posts over the configured days before now, oldest first. */
  function seeds(accountId: string): Seed[] {
    const days = cfg().insightsHistoryDays;
    if (!days || days <= 0) return [];
    const now = nowMs();
    const from = now - days * 86_400_000;
    const key = `${accountId}:${pacificDay(from)}:${pacificDay(now)}`;
    let all = cache.get(key);
    if (!all) {
      all = [];
      for (const day of daysBetween(addDays(pacificDay(from), -1), pacificDay(now))) {
        const r = rand(accountId, day, 'posts');
        const count = r < 0.5 ? 1 : r < 0.56 ? 2 : 0;
        for (let i = 0; i < count; i += 1) {
          const hour = between(8, 21, accountId, day, i, 'hour');
          all.push({
            index: `${day}:${i}`,
            at: dayStartMs(day) + Math.floor(hour * 3_600_000),
            kind: rand(accountId, day, i, 'kind'),
            caption: CAPTIONS[Math.floor(rand(accountId, day, i, 'caption') * CAPTIONS.length)]!,
          });
        }
      }
      all.sort((a, b) => a.at - b.at);
      if (cache.size > 500) cache.clear();
      cache.set(key, all);
    }
    return all.filter((s) => s.at > from && s.at <= now);
  }

  const picture = (root: string, id: string) => `${root}${SIM_HOSTS.cdn}/history/${id}.svg`;

  /** Which account a history medium listed so far belongs to: found without a search. */
  const owners = new Map<string, string>();

  /** An Instagram account's history media, oldest first, shaped as published media. */
  function igMedia(igUserId: string, root: string): SimMedia[] {
    if (owners.size > 200_000) owners.clear();
    return seeds(igUserId).map((s) => {
      const id = `179${digitsOf(14, igUserId, s.index)}`;
      owners.set(id, igUserId);
      const reel = s.kind >= 0.65;
      const carousel = !reel && s.kind >= 0.45;
      return {
        id,
        igUserId,
        caption: s.caption,
        mediaType: reel ? 'VIDEO' : carousel ? 'CAROUSEL_ALBUM' : 'IMAGE',
        productType: reel ? 'REELS' : 'FEED',
        mediaUrl: picture(root, id),
        coverUrl: reel ? picture(root, id) : null,
        children: carousel
          ? [0, 1, 2].map((n) => ({ mediaUrl: picture(root, `${id}-${n}`), isVideo: false }))
          : [],
        timestamp: s.at,
        shortcode: `H${Buffer.from(digitsOf(12, id, 'code'))
          .toString('base64url')
          .slice(0, 10)}`,
      };
    });
  }

  /** A Page's history posts, oldest first: photos and status updates. */
  function pagePosts(pageId: string, root: string): SimPost[] {
    return seeds(pageId).map((s) => {
      const id = `${pageId}_122${digitsOf(15, pageId, s.index)}`;
      const photo = s.kind < 0.7;
      return {
        id,
        pageId,
        kind: photo ? 'photo' : 'status',
        message: s.caption,
        link: null,
        mediaUrl: photo ? picture(root, id.split('_')[1]!) : null,
        attachedPhotoIds: [],
        published: true,
        scheduledPublishTime: null,
        createdAt: s.at,
      };
    });
  }

  function findIgMedia(id: string, root: string): SimMedia | undefined {
    if (!cfg().insightsHistoryDays || !id.startsWith('179')) return undefined;
    const owner = owners.get(id);
    if (owner) return igMedia(owner, root).find((m) => m.id === id);
    for (const account of state.igAccounts.values()) {
      const found = igMedia(account.id, root).find((m) => m.id === id);
      if (found) return found;
    }
    return undefined;
  }

  function findPagePost(id: string, root: string): SimPost | undefined {
    if (!cfg().insightsHistoryDays) return undefined;
    const [pageId, objectId] = id.includes('_') ? id.split('_') : [undefined, id];
    const pages = pageId ? [state.pages.get(pageId)].filter(Boolean) : [...state.pages.values()];
    for (const p of pages) {
      const found = pagePosts(p!.id, root).find((x) => x.id.endsWith(`_${objectId}`));
      if (found) return found;
    }
    return undefined;
  }

  return {
    igMedia,
    pagePosts,
    findIgMedia,
    findPagePost,
    /** How many history media an account has now. */
    igMediaCount: (igUserId: string) => seeds(igUserId).length,
    permalinkOf: (m: SimMedia) => `${instagramHome}/p/${m.shortcode}/`,
  };
}

export type History = ReturnType<typeof createHistory>;

/** The history media's pictures: a coloured square with a loaf, a cup or a plate. */
export function mountHistoryPictures(app: Hono) {
  app.get(`${SIM_HOSTS.cdn}/history/:file`, (c) => {
    const match = c.req.param('file').match(/^(\d+)(?:-(\d))?\.svg$/);
    if (!match) return c.body(null, 404);
    const id = `${match[1]}-${match[2] ?? ''}`;
    const fill = PALETTE[Math.floor(rand(id, 'fill') * PALETTE.length)]!;
    const shape = Math.floor(rand(id, 'shape') * 3);
    const art = [
      '<ellipse cx="540" cy="600" rx="300" ry="170" fill="#f5d0a9"/><path d="M330 560 Q540 470 750 560" stroke="#9a5b2e" stroke-width="18" fill="none"/>',
      '<rect x="400" y="430" width="260" height="300" rx="30" fill="#fff"/><path d="M660 500 q90 0 90 80 q0 80 -90 80" stroke="#fff" stroke-width="30" fill="none"/>',
      '<circle cx="540" cy="560" r="250" fill="#fff"/><circle cx="540" cy="560" r="160" fill="#fde68a"/>',
    ][shape]!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080" viewBox="0 0 1080 1080"><rect width="1080" height="1080" fill="${fill}"/>${art}</svg>`;
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    });
  });
}
