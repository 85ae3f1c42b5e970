import { fail, invalidParam, unknownObject, type GraphArea, type SimContext } from './context.ts';
import { digits, type SimPost } from './state.ts';

// graph.facebook.com: a comment on a published Instagram medium or Facebook post (the first
// comment the app posts; docs/decisions/058 counts and shows them).

export function commentRoutes(
  ctx: SimContext,
  publishing: { findPost(id: string): SimPost | undefined },
): GraphArea {
  const { state, nowMs, authenticate, canActOnIg } = ctx;
  const { findPost } = publishing;
  return ({ c, params, segments }) => {
    const method = c.req.method;
    const id = segments[0]!;
    const second = segments[1];
    // Comments on published media and posts (the first comment of a post).
    if (second === 'comments' && method === 'POST') {
      const media = state.media.get(id);
      const fbPost = media ? undefined : findPost(id);
      if (!media && !fbPost) fail(unknownObject(id, 'post'));
      const token = authenticate(c, params, media ? undefined : ['PAGE']);
      if (media && !canActOnIg(token, media.igUserId)) fail(unknownObject(id, 'post'));
      if (fbPost && token.subjectId !== fbPost.pageId) fail(unknownObject(id, 'post'));
      if (!params.message) fail(invalidParam('(#100) The parameter message is required'));
      const comment = {
        id: media ? digits(17, '179') : `${fbPost!.id}_${digits(16, '1')}`,
        objectId: media ? media.id : fbPost!.id,
        message: params.message!,
        createdAt: nowMs(),
      };
      state.comments.push(comment);
      return c.json({ id: comment.id });
    }
    return undefined;
  };
}
