import { IG_MEDIA_METRICS, PAGE_POST_METRICS } from '#shared/analytics/metrics.ts';
import { fail, invalidParam, unknownObject, type GraphArea, type SimContext } from './context.ts';
import type { GraphErrorSpec } from './faults.ts';
import { between, rand } from './insights-history.ts';
import type { History } from './insights-media.ts';
import { describe, metricEnumError, PAGE_METRIC_ERROR } from './insights-catalogue.ts';
import type { SimMedia, SimPost } from './state.ts';

// Media and post insights (docs/product/meta-platform.md#instagram-media-insights,
// #facebook-page-insights): lifetime values that grow with the post's age towards a final value
// drawn from its id (about one post in twelve goes viral), the valid metric set per media product
// type, and a Facebook post's reactions by type. Also the Page's posts listing with the history
// posts (`/{page-id}/posts`, and `/feed` when there is a history), a history post's node, and a
// post's `shares` and `comments.summary(true)` fields.

/** The publishing area's posts: found by id, and its node reads. */
export interface PostLookup {
  findPost(id: string): SimPost | undefined;
  post: GraphArea;
}

const NOT_ENOUGH_VIEWERS: GraphErrorSpec = {
  status: 400,
  code: 10,
  message: '(#10) Not enough viewers for the media to show insights',
};

const MEDIA_TITLES: Record<string, string> = {
  saved: 'Saved',
  profile_visits: 'Profile visits',
  follows: 'Follows',
  ig_reels_avg_watch_time: 'Average watch time',
  post_total_media_view_unique: 'Post media viewers',
  post_media_view: 'Post media views',
  post_reactions_by_type_total: 'Total post reactions by type',
  post_clicks: 'Post clicks',
};

const REACTIONS = [
  ['like', 0.7],
  ['love', 0.17],
  ['care', 0.03],
  ['haha', 0.04],
  ['wow', 0.04],
  ['sad', 0.01],
  ['angry', 0.01],
] as const;

/** The share of a post's final values reached `ageMs` after publishing. */
const grown = (ageMs: number) => 1 - Math.exp(-Math.max(0, ageMs) / (30 * 3_600_000));

const viral = (id: string) => (rand(id, 'viral') < 1 / 12 ? between(4, 6, id, 'viral-size') : 1);

export function insightsObjects(ctx: SimContext, history: History, posts: PostLookup) {
  const {
    state,
    nowMs,
    authenticate,
    requireScope,
    canActOnIg,
    page,
    fieldsOf,
    pick,
    isoTime,
    facebookHome,
    cfg,
  } = ctx;

  function mediaFinal(m: SimMedia): Record<string, number> {
    const followers = state.igAccounts.get(m.igUserId)?.followers ?? 500;
    const k = (name: string) => [m.id, name] as const;
    const story = m.productType === 'STORY';
    const reel = m.productType === 'REELS';
    const rate = story
      ? between(0.05, 0.15, ...k('rate'))
      : reel
        ? between(0.4, 1.2, ...k('rate'))
        : between(0.15, 0.45, ...k('rate'));
    const reach = followers * rate * viral(m.id);
    const likes = story ? 0 : reach * between(0.04, 0.1, ...k('likes'));
    const comments = likes * between(0.03, 0.1, ...k('comments'));
    const saved = likes * between(0.05, 0.15, ...k('saved'));
    const shares = story
      ? reach * between(0.005, 0.01, ...k('shares'))
      : likes * between(0.03, 0.1, ...k('shares'));
    const replies = story ? reach * between(0.005, 0.02, ...k('replies')) : 0;
    return {
      reach,
      views: reach * (reel ? between(1.6, 2.8, ...k('views')) : between(1.3, 2, ...k('views'))),
      likes,
      comments,
      saved,
      shares,
      replies,
      total_interactions: likes + comments + saved + shares + replies,
      profile_visits: reach * between(0.01, 0.03, ...k('visits')),
      follows: reach * between(0.001, 0.005, ...k('follows')),
    };
  }

  function mediaInsights(m: SimMedia, params: Record<string, string>) {
    const valid: readonly string[] = IG_MEDIA_METRICS[m.productType];
    const metrics = (params.metric ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (metrics.length === 0) fail(invalidParam('(#100) The parameter metric is required'));
    metrics.forEach((x, i) => {
      if (!valid.includes(x)) fail(metricEnumError(i, valid));
    });
    const age = nowMs() - m.timestamp;
    const final = mediaFinal(m);
    const g = grown(age);
    if (m.productType === 'STORY' && final.reach! * g < 5) fail(NOT_ENOUGH_VIEWERS);
    const data = metrics.map((name) => {
      const value =
        name === 'ig_reels_avg_watch_time'
          ? age > 0
            ? Math.round(between(4000, 14_000, m.id, 'watch'))
            : 0
          : Math.round((final[name] ?? 0) * g);
      return {
        name,
        period: 'lifetime',
        values: [{ value }],
        ...describe(name),
        ...(MEDIA_TITLES[name] ? { title: MEDIA_TITLES[name] } : {}),
        id: `${m.id}/insights/${name}/lifetime`,
      };
    });
    return { data };
  }

  /** A post's lifetime values now: views, viewers, clicks, reactions by type, comments, shares. */
  function postValues(p: SimPost) {
    const followers = state.pages.get(p.pageId)?.followers ?? 300;
    const g = grown(nowMs() - p.createdAt);
    const k = (name: string) => [p.id, name] as const;
    const unique = followers * between(0.1, 0.5, ...k('unique')) * viral(p.id);
    const reactionTotal = unique * between(0.02, 0.06, ...k('reactions'));
    const reactions = Object.fromEntries(
      REACTIONS.map(([type, share]) => [
        type,
        Math.round(reactionTotal * share * between(0.7, 1.3, ...k(type)) * g),
      ]),
    );
    const real = state.posts.has(p.id);
    return {
      post_total_media_view_unique: Math.round(unique * g),
      post_media_view: Math.round(unique * between(1.2, 1.8, ...k('views')) * g),
      post_reactions_by_type_total: reactions,
      post_clicks: Math.round(unique * between(0.01, 0.05, ...k('clicks')) * g),
      comments: real
        ? ctx.commentsOn(p.id).length
        : Math.round(reactionTotal * between(0.1, 0.25, ...k('comments')) * g),
      shares: Math.round(reactionTotal * between(0.05, 0.15, ...k('shares')) * g),
    };
  }

  function postInsights(p: SimPost, params: Record<string, string>) {
    const valid: readonly string[] = PAGE_POST_METRICS;
    const metrics = (params.metric ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (metrics.length === 0) fail(invalidParam('(#100) The parameter metric is required'));
    if (metrics.some((x) => !valid.includes(x))) fail(PAGE_METRIC_ERROR);
    const values = postValues(p);
    return {
      data: metrics.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: values[name as keyof typeof values] }],
        title: MEDIA_TITLES[name] ?? name,
        description: MEDIA_TITLES[name] ?? name,
        id: `${p.id}/insights/${name}/lifetime`,
      })),
    };
  }

  const POST_FIELDS: Record<string, (p: SimPost) => unknown> = {
    message: (p) => p.message || undefined,
    created_time: (p) => isoTime(p.createdAt),
    permalink_url: (p) => `${facebookHome}/${p.id.replace('_', '/posts/')}`,
    full_picture: (p) => p.mediaUrl || undefined,
    is_published: (p) => p.published,
    scheduled_publish_time: (p) => p.scheduledPublishTime || undefined,
    status_type: (p) =>
      p.kind === 'photo'
        ? 'added_photos'
        : p.kind === 'video'
          ? 'added_video'
          : p.link
            ? 'shared_story'
            : 'mobile_status_update',
    shares: (p) => ({ count: postValues(p).shares }),
    comments: (p) => ({ data: [], summary: { total_count: postValues(p).comments } }),
  };
  const EXTRA = new Set(['status_type', 'shares', 'comments']);

  const postNode = (p: SimPost, params: Record<string, string>) =>
    pick(p, fieldsOf(params, ['id', 'message', 'created_time']), POST_FIELDS);

  const findMedia = (id: string, root: string) =>
    state.media.get(id) ?? history.findIgMedia(id, root);

  const area =
    (login: boolean): GraphArea =>
    async (request) => {
      const { c, params, segments, base, root } = request;
      if (c.req.method !== 'GET') return undefined;
      const [id, edge, ...rest] = segments as [string, string | undefined];
      if (rest.length > 0) return undefined;
      if (edge === 'insights') {
        const media = findMedia(id, root);
        if (media) {
          const token = authenticate(c, params, login ? ['IG_USER'] : ['USER', 'PAGE']);
          if (!canActOnIg(token, media.igUserId)) fail(unknownObject(id));
          requireScope(
            token,
            login ? 'instagram_business_manage_insights' : 'instagram_manage_insights',
          );
          return c.json(mediaInsights(media, params));
        }
      }
      if (login) return undefined;
      const p = state.pages.get(id);
      if (p && (edge === 'posts' || (edge === 'feed' && cfg().insightsHistoryDays > 0))) {
        const token = authenticate(c, params, ['PAGE']);
        if (token.subjectId !== p.id) fail(unknownObject(`${id}/${edge}`));
        const items = [
          ...[...state.posts.values()].filter((x) => x.pageId === p.id).reverse(),
          ...history.pagePosts(p.id, root).reverse(),
        ]
          .sort((a, b) => b.createdAt - a.createdAt)
          .map((x) => postNode(x, params));
        return page(c, items, params, base, `/${id}/${edge}`);
      }
      const real = posts.findPost(id);
      const post = real ?? history.findPagePost(id, root);
      if (!post || (edge && edge !== 'insights')) return undefined;
      const token = authenticate(c, params, ['PAGE']);
      if (token.subjectId !== post.pageId) fail(unknownObject(id));
      if (edge === 'insights') {
        requireScope(token, 'read_insights');
        return c.json(postInsights(post, params));
      }
      if (!real) return c.json(postNode(post, params));
      // A published post's node is the publishing area's; the fields it does not serve are added.
      const asked = fieldsOf(params, []).filter((f) => EXTRA.has(f.split(/[.{(]/)[0]!));
      if (asked.length === 0) return undefined;
      const answer = await posts.post(request);
      if (!answer || !answer.ok) return answer;
      const node = (await answer.json()) as Record<string, unknown>;
      return c.json({ ...node, ...pick(post, asked, POST_FIELDS) });
    };

  return { graph: area(false), igGraph: area(true), postValues };
}
