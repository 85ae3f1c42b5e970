import type { Context, Hono } from 'hono';
import { SIM_HOSTS, type SimContext } from './context.ts';
import {
  facebookPostPage,
  instagramPostPage,
  notAvailablePage,
  POST_PAGE_HEADERS,
  type PageMedia,
} from './post-pages.ts';
import type { SimMedia } from './state.ts';

export function mountPostPages(ctx: SimContext, app: Hono) {
  const { options, state, nowMs, pagesRoot, commentsOn } = ctx;

  // ------------------------------------------------------------- post pages (decision 058)
  // What "View on Instagram / Facebook" opens: the post as the platform shows it, for a reader of
  // the world that published it. Everyone else, and every post that does not exist (or no longer:
  // a story after 24 hours, a deleted or unpublished post), gets the same "not available" page.
  const pages = options.postPages;
  if (pages && pagesRoot) {
    const origin = new URL(pagesRoot).origin;
    const avatar = (id: string) => `${pagesRoot}${SIM_HOSTS.cdn}/avatar/${id}.svg`;
    const answer = (c: Context, html: string, status: 200 | 404) =>
      c.html(html, status, POST_PAGE_HEADERS);
    /** The reader's world that holds account `accountId`, or null: the post is not theirs. */
    const worldOf = (keys: readonly string[], accountId: string): string | null => {
      for (const key of keys) {
        const w = state.worlds.get(key);
        if (!w) continue;
        const accounts = [w.pageId, w.secondPageId, w.businessPageId, w.igAccountId];
        if ([...accounts, w.igLoginAccountId].includes(accountId)) return key;
      }
      return null;
    };
    const shown = async (
      items: { mediaUrl: string | null; isVideo: boolean }[],
      key: string,
    ): Promise<PageMedia[]> =>
      Promise.all(
        items.map(async (item) => {
          const src =
            item.mediaUrl && pages.mediaSource ? await pages.mediaSource(item.mediaUrl, key) : null;
          // Only an address on the simulator's own origin is ever put on a page.
          const own =
            src !== null &&
            URL.canParse(src, pagesRoot) &&
            new URL(src, pagesRoot).origin === origin;
          return { src: own ? src : null, video: item.isVideo };
        }),
      );

    const instagram = async (c: Context, find: () => SimMedia | undefined) => {
      const keys = await pages.readerWorlds(c);
      const media = find();
      const key = media ? worldOf(keys, media.igUserId) : null;
      const account = media ? state.igAccounts.get(media.igUserId) : undefined;
      if (!media || !account || key === null) return answer(c, notAvailablePage('instagram'), 404);
      const items =
        media.children.length > 0
          ? media.children
          : [{ mediaUrl: media.mediaUrl, isVideo: media.mediaType === 'VIDEO' }];
      const html = instagramPostPage({
        username: account.username,
        avatar: avatar(account.id),
        product: media.productType,
        media: await shown(items, key),
        caption: media.caption,
        likes: 0,
        comments: commentsOn(media.id).map((x) => ({
          author: x.from?.username ?? account.username,
          text: x.message,
          at: x.createdAt,
        })),
        publishedAt: media.timestamp,
      });
      return answer(c, html, 200);
    };
    const feedMedia = (c: Context) => {
      const code = c.req.param('code') ?? '';
      return instagram(c, () =>
        [...state.media.values()].find((m) => m.shortcode === code && m.productType !== 'STORY'),
      );
    };
    const story = (c: Context) => {
      const id = c.req.param('id') ?? '';
      const username = c.req.param('username') ?? '';
      return instagram(c, () => {
        const m = state.media.get(id);
        const live = m && m.productType === 'STORY' && nowMs() - m.timestamp < 86_400_000;
        return live && state.igAccounts.get(m.igUserId)?.username === username ? m : undefined;
      });
    };
    const facebook = async (c: Context) => {
      const keys = await pages.readerWorlds(c);
      const post = state.posts.get(`${c.req.param('page') ?? ''}_${c.req.param('post') ?? ''}`);
      const page = post ? state.pages.get(post.pageId) : undefined;
      const key = post?.published && page ? worldOf(keys, page.id) : null;
      if (!post || !page || key === null) return answer(c, notAvailablePage('facebook'), 404);
      const items =
        post.attachedPhotoIds.length > 0
          ? post.attachedPhotoIds.map((id) => ({
              mediaUrl: state.posts.get(`${page.id}_${id}`)?.mediaUrl ?? null,
              isVideo: false,
            }))
          : post.mediaUrl
            ? [{ mediaUrl: post.mediaUrl, isVideo: post.kind === 'video' }]
            : [];
      const html = facebookPostPage({
        pageName: page.name,
        avatar: avatar(page.id),
        message: post.message,
        link: post.link,
        media: await shown(items, key),
        reactions: 0,
        comments: commentsOn(post.id).map((x) => ({
          author: x.from?.name ?? page.name,
          text: x.message,
          at: x.createdAt,
        })),
        publishedAt: post.createdAt,
      });
      return answer(c, html, 200);
    };
    const ig = SIM_HOSTS.instagramDialog;
    for (const path of [`${ig}/p/:code`, `${ig}/p/:code/`, `${ig}/reel/:code`, `${ig}/reel/:code/`])
      app.get(path, feedMedia);
    for (const path of [`${ig}/stories/:username/:id`, `${ig}/stories/:username/:id/`])
      app.get(path, story);
    app.get(`${SIM_HOSTS.facebookDialog}/:page{[0-9]+}/posts/:post{[0-9]+}`, facebook);
  }
}
