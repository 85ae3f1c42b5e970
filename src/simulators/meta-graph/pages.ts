import { FAULTS } from './faults.ts';
import {
  fail,
  invalidParam,
  SIM_HOSTS,
  unknownObject,
  type GraphArea,
  type GraphRequest,
  type SimContext,
} from './context.ts';
import type { SimPage, SimToken } from './state.ts';

// Pages: /me (the person or the Page), me/permissions, me/accounts, me/businesses, a
// business's owned and client Pages, a Page's fields and subscribed_apps; a Page's feed,
// photos and videos are facebook-publishing.ts's (docs/product/meta-platform.md).

/** A Page's publishing edges (feed, photos, videos): an answer, or undefined if not one. */
export type PageEdge = (
  request: GraphRequest,
  page: SimPage,
  token: SimToken,
) => Response | undefined;

export function pageRoutes(ctx: SimContext, publishing: { pageEdge: PageEdge }) {
  const {
    state,
    cfg,
    nowSec,
    authenticate,
    requireScope,
    issueToken,
    page,
    fieldsOf,
    baseField,
    personOf,
    pagesOfPerson,
    canActOnPage,
  } = ctx;

  function pageNode(p: SimPage, fields: string[], token: SimToken | null, imageBase: string) {
    const node: Record<string, unknown> = {};
    for (const field of fields) {
      switch (baseField(field)) {
        case 'id':
          node.id = p.id;
          break;
        case 'name':
          node.name = p.name;
          break;
        case 'username':
          node.username = p.username;
          break;
        case 'category':
          node.category = p.category;
          node.category_list = [{ id: '2211', name: p.category }];
          break;
        case 'tasks':
          node.tasks = p.tasks;
          break;
        case 'followers_count':
          node.followers_count = p.followers;
          break;
        case 'fan_count':
          node.fan_count = p.followers;
          break;
        case 'link':
          node.link = `https://www.facebook.com/${p.username}`;
          break;
        case 'picture':
          node.picture = {
            data: {
              height: 200,
              width: 200,
              is_silhouette: false,
              url: `${imageBase}${SIM_HOSTS.cdn}/avatar/${p.id}.svg`,
            },
          };
          break;
        case 'access_token':
          if (token && token.kind === 'USER') node.access_token = pageTokenFor(token, p).value;
          break;
        case 'instagram_business_account':
          if (token && !token.scopes.includes('instagram_basic')) {
            fail(
              invalidParam(
                '(#100) Tried accessing nonexisting field (instagram_business_account) on node type (Page)',
              ),
            );
          }
          if (p.igAccountId) node.instagram_business_account = { id: p.igAccountId };
          break;
        case 'business':
          if (token && !token.scopes.includes('business_management'))
            fail(FAULTS.permission_200_business);
          if (p.businessId)
            node.business = { id: p.businessId, name: state.businesses.get(p.businessId)?.name };
          break;
        default:
          break;
      }
    }
    if (!('id' in node)) node.id = p.id;
    return node;
  }

  function pageTokenFor(user: SimToken, p: SimPage): SimToken {
    // A Page token from a long-lived user token never expires
    // (docs/product/meta-platform.md#long-lived-user-token); from a short-lived one it lives as
    // long as its parent.
    const ttl = user.longLived ? 0 : Math.max(1, user.expiresAt - nowSec());
    return issueToken({
      kind: 'PAGE',
      personId: user.personId,
      subjectId: p.id,
      scopes: user.scopes,
      declined: user.declined,
      ttlSeconds: ttl,
      longLived: user.longLived,
    });
  }

  const me: GraphArea = ({ c, params, segments, base, root }) => {
    const method = c.req.method;
    const [first, second] = segments;
    const imageBase = root;
    if (first === 'me' && method === 'GET') {
      const token = authenticate(c, params, ['USER', 'PAGE']);
      if (!second) {
        if (token.kind === 'PAGE') {
          return c.json(
            pageNode(
              state.pages.get(token.subjectId)!,
              fieldsOf(params, ['id', 'name']),
              null,
              imageBase,
            ),
          );
        }
        const person = personOf(token);
        const node: Record<string, unknown> = {};
        for (const f of fieldsOf(params, ['id', 'name'])) {
          if (baseField(f) === 'id') node.id = person.id;
          if (baseField(f) === 'name') node.name = person.name;
          if (baseField(f) === 'email' && token.scopes.includes('email')) node.email = person.email;
          if (baseField(f) === 'picture') {
            node.picture = {
              data: {
                url: `${imageBase}${SIM_HOSTS.cdn}/avatar/${person.id}.svg`,
                is_silhouette: false,
              },
            };
          }
        }
        node.id ??= person.id;
        return c.json(node);
      }
      if (token.kind !== 'USER')
        fail(invalidParam('(#100) This call requires a user access token'));
      if (second === 'permissions') {
        return c.json({
          data: [
            ...token.scopes.map((permission) => ({ permission, status: 'granted' })),
            ...token.declined.map((permission) => ({ permission, status: 'declined' })),
          ],
        });
      }
      if (second === 'accounts') {
        requireScope(token, 'pages_show_list');
        const items = pagesOfPerson(personOf(token), false).map((p) =>
          pageNode(
            p,
            fieldsOf(params, ['id', 'name', 'access_token', 'category', 'tasks']),
            token,
            imageBase,
          ),
        );
        return page(c, items, params, base, '/me/accounts');
      }
      if (second === 'businesses') {
        requireScope(token, 'business_management');
        const items = personOf(token)
          .businessIds.map((id) => state.businesses.get(id))
          .filter(Boolean)
          .map((b) => ({ id: b!.id, name: b!.name }));
        return page(c, items, params, base, '/me/businesses');
      }
      fail(unknownObject(`me/${second}`));
    }
    return undefined;
  };

  const businesses: GraphArea = ({ c, params, segments, base, root }) => {
    const method = c.req.method;
    const id = segments[0]!;
    const second = segments[1];
    const imageBase = root;
    const business = state.businesses.get(id);
    if (business && (second === 'owned_pages' || second === 'client_pages') && method === 'GET') {
      const token = authenticate(c, params, ['USER']);
      requireScope(token, 'business_management');
      if (!personOf(token).businessIds.includes(id)) fail(FAULTS.permission_200_business);
      const ids = second === 'owned_pages' ? business.ownedPageIds : business.clientPageIds;
      const items = ids
        .map((pid) => state.pages.get(pid))
        .filter((p): p is SimPage => Boolean(p))
        .map((p) =>
          pageNode(p, fieldsOf(params, ['id', 'name', 'access_token']), token, imageBase),
        );
      return page(c, items, params, base, `/${id}/${second}`);
    }
    return undefined;
  };

  const pageObject: GraphArea = (request) => {
    const { c, params, segments, root } = request;
    const method = c.req.method;
    const id = segments[0]!;
    const second = segments[1];
    const imageBase = root;
    const p = state.pages.get(id);
    if (p) {
      const token = authenticate(c, params, ['USER', 'PAGE']);
      if (!canActOnPage(token, id)) fail(unknownObject(id, method.toLowerCase()));
      if (!second && method === 'GET') {
        return c.json(pageNode(p, fieldsOf(params, ['id', 'name']), token, imageBase));
      }
      if (token.kind !== 'PAGE' && second !== 'subscribed_apps') {
        fail(
          invalidParam(
            'A Page access token is required for this call for the new Pages experience.',
          ),
        );
      }
      const published = publishing.pageEdge(request, p, token);
      if (published) return published;
      if (second === 'subscribed_apps') {
        if (method === 'POST') {
          requireScope(token, 'pages_manage_metadata');
          state.subscribedApps.set(id, (params.subscribed_fields ?? '').split(',').filter(Boolean));
          return c.json({ success: true });
        }
        return c.json({
          data: [
            {
              name: cfg().appName,
              id: cfg().appId,
              subscribed_fields: state.subscribedApps.get(id) ?? [],
            },
          ],
        });
      }
      fail(unknownObject(`${id}/${second ?? ''}`, method.toLowerCase()));
    }
    return undefined;
  };

  return { me, businesses, page: pageObject };
}
