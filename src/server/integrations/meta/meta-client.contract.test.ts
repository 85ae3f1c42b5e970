import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  openContractTarget,
  REAL_API,
  type ContractTarget,
} from '#simulators/meta-graph/contract-target.ts';
import { FAULTS, FAULT_NAMES, type FaultName } from '#simulators/meta-graph/faults.ts';
import { SEED } from '#simulators/meta-graph/state.ts';
import { createMetaClient, FACEBOOK_SCOPES, INSTAGRAM_SCOPES, type MetaClient } from './client.ts';
import { classify, MetaApiError, toAppError, type MetaErrorKind } from './errors.ts';

// The Graph API client, endpoint by endpoint and fault class by fault class. By default against
// the simulator over real HTTP; with META_CONTRACT_GRAPH_BASE_URL and real credentials the same
// tests run against Meta (those that need consent, faults or the clock are skipped there).

let target: ContractTarget;
let client: MetaClient;
const sleeps: number[] = [];

beforeAll(async () => {
  target = await openContractTarget();
});
afterAll(async () => {
  await target.close();
});
beforeEach(async () => {
  sleeps.length = 0;
  client = createMetaClient(target.config, {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  });
  if (target.control) await target.control.call('/reset', {});
});

const sim = () => target.control!;

async function expectMetaError(promise: Promise<unknown>, kind: MetaErrorKind) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a MetaApiError').toBeInstanceOf(MetaApiError);
  expect((error as MetaApiError).kind).toBe(kind);
  return error as MetaApiError;
}

/** The long-lived user token: from consent on the simulator, from the fixtures on Meta. */
async function userToken(scopes: readonly string[] = FACEBOOK_SCOPES, granted?: readonly string[]) {
  if (!target.control) return target.fixtures.userToken!;
  const code = await sim().authorize('facebook', target.redirectUri, scopes, granted);
  const short = await client.facebook.exchangeCode({ code, redirectUri: target.redirectUri });
  return (await client.facebook.exchangeLongLived(short.access_token)).access_token;
}

async function pageAndToken() {
  const token = await userToken();
  const pages = await client.facebook.listPages(token);
  const pageId = target.fixtures.pageId ?? SEED.pageId;
  const page = pages.find((p) => p.id === pageId)!;
  return { userToken: token, page, pageToken: page.access_token! };
}

async function igLoginToken() {
  if (!target.control) return target.fixtures.igLoginToken!;
  const code = await sim().authorize('instagram', target.redirectUri, INSTAGRAM_SCOPES);
  const short = await client.instagram.exchangeCode({
    code: `${code}#_`,
    redirectUri: target.redirectUri,
  });
  return (await client.instagram.exchangeLongLived(short.accessToken)).access_token;
}

describe('Facebook Login', () => {
  it('builds the dialog URL with client_id, redirect_uri, state, response_type and scope', () => {
    const url = new URL(
      client.facebook.dialogUrl({ redirectUri: target.redirectUri, state: 'abc' }),
    );
    expect(url.pathname).toMatch(/\/v\d+\.0\/dialog\/oauth$/);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: target.config.appId,
      redirect_uri: target.redirectUri,
      state: 'abc',
      response_type: 'code',
      scope: FACEBOOK_SCOPES.join(','),
    });
  });

  it.skipIf(REAL_API)(
    'the dialog answers a consent page, then redirects with code and state, or access_denied',
    async () => {
      const dialog = client.facebook.dialogUrl({ redirectUri: target.redirectUri, state: 's1' });
      const page = await fetch(dialog);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('pages_show_list');
      const allow = await fetch(`${dialog}&sim_auto=allow`, { redirect: 'manual' });
      const location = new URL(allow.headers.get('location')!);
      expect(location.searchParams.get('state')).toBe('s1');
      expect(location.searchParams.get('code')).toMatch(/^AQ/);
      const deny = await fetch(`${dialog}&sim_auto=deny`, { redirect: 'manual' });
      const denied = new URL(deny.headers.get('location')!);
      expect(Object.fromEntries(denied.searchParams)).toMatchObject({
        error: 'access_denied',
        error_reason: 'user_denied',
        state: 's1',
      });
    },
  );

  it.skipIf(REAL_API)(
    'exchanges a code once: short-lived, then long-lived (about 60 days)',
    async () => {
      const code = await sim().authorize('facebook', target.redirectUri, FACEBOOK_SCOPES);
      const short = await client.facebook.exchangeCode({ code, redirectUri: target.redirectUri });
      expect(short).toMatchObject({
        token_type: 'bearer',
        access_token: expect.stringMatching(/^EAA/),
      });
      expect(short.expires_in).toBeLessThanOrEqual(7200);
      const long = await client.facebook.exchangeLongLived(short.access_token);
      expect(long.expires_in).toBeGreaterThan(50 * 86_400);
      const reused = await expectMetaError(
        client.facebook.exchangeCode({ code, redirectUri: target.redirectUri }),
        'invalid_parameter',
      );
      expect(reused.details).toMatchObject({
        code: 100,
        message: 'This authorization code has been used.',
      });
      expect(reused.details.fbtraceId).toBeTruthy();
    },
  );

  it.skipIf(REAL_API)('refuses a code sent with another redirect_uri (100/36008)', async () => {
    const code = await sim().authorize('facebook', target.redirectUri, FACEBOOK_SCOPES);
    const error = await expectMetaError(
      client.facebook.exchangeCode({ code, redirectUri: 'http://elsewhere.example/cb' }),
      'invalid_parameter',
    );
    expect(error.details).toMatchObject({ code: 100, subcode: 36008 });
  });

  it('reads the person and the permissions granted and declined', async () => {
    const token = await userToken(
      FACEBOOK_SCOPES,
      FACEBOOK_SCOPES.filter((s) => s !== 'instagram_content_publish'),
    );
    const me = await client.facebook.me(token);
    expect(me.id).toMatch(/^\d+$/);
    const permissions = await client.facebook.permissions(token);
    expect(permissions.granted).toContain('pages_show_list');
    if (target.control) expect(permissions.declined).toEqual(['instagram_content_publish']);
  });

  it('lists Pages with tokens, tasks, pictures and the linked Instagram account, following paging', async () => {
    const token = await userToken();
    const all = await client.facebook.listPages(token);
    const byOne = await client.facebook.listPages(token, 1);
    expect(byOne.map((p) => p.id)).toEqual(all.map((p) => p.id));
    const page = all.find((p) => p.id === (target.fixtures.pageId ?? SEED.pageId))!;
    expect(page).toMatchObject({
      id: expect.stringMatching(/^\d{15,16}$/),
      name: expect.any(String),
      access_token: expect.any(String),
      tasks: expect.arrayContaining(['CREATE_CONTENT']),
    });
    expect(page.picture?.data?.url).toBeTruthy();
    if (target.control) {
      expect(all).toHaveLength(2);
      expect(page.instagram_business_account).toEqual({ id: SEED.igAccountId });
    }
  });

  it.skipIf(REAL_API)('finds business-owned Pages through /me/businesses', async () => {
    const token = await userToken();
    const pages = await client.facebook.listBusinessPages(token);
    expect(pages.map((p) => p.id)).toEqual([SEED.businessPageId]);
    expect(pages[0]!.access_token).toBeTruthy();
  });

  it.skipIf(REAL_API)(
    'says which permission is missing: business pages without business_management',
    async () => {
      const token = await userToken(FACEBOOK_SCOPES.filter((s) => s !== 'business_management'));
      const error = await expectMetaError(
        client.facebook.listBusinessPages(token),
        'permission_missing',
      );
      expect(error.details.missingPermission).toBe('business_management');
    },
  );

  it.skipIf(REAL_API)(
    'without instagram_basic the linked account is a nonexisting field',
    async () => {
      const token = await userToken(FACEBOOK_SCOPES.filter((s) => s !== 'instagram_basic'));
      const error = await expectMetaError(client.facebook.listPages(token), 'invalid_parameter');
      expect(error.details.message).toContain('instagram_business_account');
    },
  );

  it('inspects tokens: the user token expires, the Page token from it never does', async () => {
    const { userToken: token, pageToken, page } = await pageAndToken();
    const user = await client.facebook.debugToken(token);
    expect(user).toMatchObject({ is_valid: true, type: 'USER', app_id: target.config.appId });
    expect(user.expires_at).toBeGreaterThan(Date.now() / 1000 + 50 * 86_400);
    expect(user.scopes).toEqual(expect.arrayContaining(['pages_show_list']));
    const pageInfo = await client.facebook.debugToken(pageToken);
    expect(pageInfo).toMatchObject({ is_valid: true, type: 'PAGE', expires_at: 0 });
    if (target.control) expect(pageInfo.profile_id).toBe(page.id);
  });

  it.skipIf(REAL_API)(
    'inspects an expired or revoked token as invalid with its subcode',
    async () => {
      const { pageToken } = await pageAndToken();
      await sim().call('/tokens', { token: pageToken, action: 'expire' });
      expect(await client.facebook.debugToken(pageToken)).toMatchObject({
        is_valid: false,
        error: { code: 190, subcode: 463 },
      });
      await sim().call('/tokens', { token: pageToken, action: 'invalidate', subcode: 458 });
      expect((await client.facebook.debugToken(pageToken)).error?.subcode).toBe(458);
    },
  );

  it('reads a Page and its linked Instagram account', async () => {
    const { page, pageToken } = await pageAndToken();
    const node = await client.facebook.page(
      page.id,
      pageToken,
      'id,name,instagram_business_account',
    );
    expect(node.id).toBe(page.id);
    const igId = target.fixtures.igUserId ?? node.instagram_business_account?.id;
    expect(igId).toMatch(/^1784\d{13}$/);
    const account = await client.ig.account('facebook', igId!, pageToken);
    expect(account).toMatchObject({ id: igId, username: expect.any(String) });
  });
});

describe('Instagram Login', () => {
  it('builds the authorize URL', () => {
    const url = new URL(
      client.instagram.authorizeUrl({ redirectUri: target.redirectUri, state: 'x' }),
    );
    expect(url.pathname).toBe(new URL(`${target.config.igDialogBaseUrl}/oauth/authorize`).pathname);
    expect(url.searchParams.get('scope')).toBe(INSTAGRAM_SCOPES.join(','));
    expect(url.searchParams.get('client_id')).toBe(target.config.igAppId);
  });

  it.skipIf(REAL_API)(
    'exchanges the code from either documented response shape, numeric user_id as a string',
    async () => {
      for (const shape of ['flat', 'wrapped'] as const) {
        await sim().call('/config', { igTokenShape: shape });
        const code = await sim().authorize('instagram', target.redirectUri, INSTAGRAM_SCOPES);
        const token = await client.instagram.exchangeCode({
          code: `${code}#_`,
          redirectUri: target.redirectUri,
        });
        expect(token).toEqual({
          accessToken: expect.stringMatching(/^IG/),
          userId: SEED.igLoginAccountId,
          permissions: [...INSTAGRAM_SCOPES],
        });
      }
    },
  );

  it.skipIf(REAL_API)("reads api.instagram.com's flat error shape for a reused code", async () => {
    const code = await sim().authorize('instagram', target.redirectUri, INSTAGRAM_SCOPES);
    await client.instagram.exchangeCode({ code, redirectUri: target.redirectUri });
    const error = await expectMetaError(
      client.instagram.exchangeCode({ code, redirectUri: target.redirectUri }),
      'invalid_parameter',
    );
    expect(error.details.message).toBe('Matching code was not found or was already used');
  });

  it('answers user_id (the professional account) and id (app-scoped) from /me', async () => {
    const me = await client.instagram.me(await igLoginToken());
    expect(me.user_id).toMatch(/^1784\d{13}$/);
    expect(me.id).not.toBe(me.user_id);
    expect(me.username).toBeTruthy();
  });

  it.skipIf(REAL_API)('refreshes a long-lived token only once it is 24 hours old', async () => {
    const token = await igLoginToken();
    await expectMetaError(client.instagram.refresh(token), 'invalid_parameter');
    await sim().call('/tokens', { token, action: 'age', seconds: 86_400 });
    const refreshed = await client.instagram.refresh(token);
    expect(refreshed.expires_in).toBeGreaterThan(50 * 86_400);
    expect(refreshed.access_token).not.toBe(token);
  });
});

describe('publishing', () => {
  it.skipIf(REAL_API)('posts text, photo and video to a Page with the Page token', async () => {
    const { page, pageToken } = await pageAndToken();
    const text = await client.facebook.publishText(page.id, pageToken, {
      message: 'Fresh bread today',
    });
    expect(text.id).toMatch(new RegExp(`^${page.id}_\\d+$`));
    const photo = await client.facebook.publishPhoto(page.id, pageToken, {
      url: 'https://cdn.example.com/a.jpg',
      message: 'Rolls',
    });
    expect(photo.post_id).toMatch(new RegExp(`^${page.id}_`));
    const video = await client.facebook.publishVideo(page.id, pageToken, {
      file_url: 'https://cdn.example.com/v.mp4',
    });
    expect(video.id).toMatch(/^\d+$/);
    expect((await client.facebook.getPost(text.id, pageToken)).message).toBe('Fresh bread today');
    expect(await client.facebook.deletePost(text.id, pageToken)).toEqual({ success: true });
    await expectMetaError(
      client.facebook.publishText(page.id, pageToken, {
        message: 'x',
        published: false,
        scheduled_publish_time: Math.floor(Date.now() / 1000) + 60,
      }),
      'invalid_parameter',
    );
  });

  it.skipIf(REAL_API)('refuses a Page call made with the user token', async () => {
    const { page, userToken: token } = await pageAndToken();
    const error = await expectMetaError(
      client.facebook.publishText(page.id, token, { message: 'hi' }),
      'invalid_parameter',
    );
    expect(error.details.message).toContain('Page access token is required');
  });

  it.skipIf(REAL_API)(
    'walks an image container IN_PROGRESS → FINISHED → PUBLISHED and counts the quota',
    async () => {
      const { pageToken } = await pageAndToken();
      const ig = SEED.igAccountId;
      const container = await client.ig.createContainer('facebook', ig, pageToken, {
        image_url: 'https://cdn.example.com/a.jpg',
        caption: 'Hello #bread',
      });
      expect(container.id).toMatch(/^17\d{15}$/);
      expect(
        (await client.ig.containerStatus('facebook', container.id, pageToken)).status_code,
      ).toBe('FINISHED');
      const media = await client.ig.publish('facebook', ig, pageToken, container.id);
      expect(
        (await client.ig.containerStatus('facebook', container.id, pageToken)).status_code,
      ).toBe('PUBLISHED');
      expect((await client.ig.media('facebook', media.id, pageToken)).permalink).toContain(
        'instagram.com/p/',
      );
      expect(await client.ig.publishingLimit('facebook', ig, pageToken)).toEqual({
        used: 1,
        total: 100,
        windowSeconds: 86_400,
      });
      expect((await client.ig.listMedia('facebook', ig, pageToken)).map((m) => m.id)).toEqual([
        media.id,
      ]);
    },
  );

  it.skipIf(REAL_API)(
    'a video is not ready (9007/2207027) until processing ends; a container expires after 24 h',
    async () => {
      const { pageToken } = await pageAndToken();
      const ig = SEED.igAccountId;
      const reel = await client.ig.createContainer('facebook', ig, pageToken, {
        media_type: 'REELS',
        video_url: 'https://cdn.example.com/r.mp4',
      });
      expect((await client.ig.containerStatus('facebook', reel.id, pageToken)).status_code).toBe(
        'IN_PROGRESS',
      );
      const early = await expectMetaError(
        client.ig.publish('facebook', ig, pageToken, reel.id),
        'invalid_parameter',
      );
      expect(early.details).toMatchObject({ code: 9007, subcode: 2207027 });
      await sim().call('/clock', { advanceSeconds: 60 });
      expect((await client.ig.containerStatus('facebook', reel.id, pageToken)).status_code).toBe(
        'FINISHED',
      );
      await sim().call('/clock', { advanceSeconds: 86_400 });
      expect((await client.ig.containerStatus('facebook', reel.id, pageToken)).status_code).toBe(
        'EXPIRED',
      );
      const expired = await expectMetaError(
        client.ig.publish('facebook', ig, pageToken, reel.id),
        'transient',
      );
      expect(expired.details.subcode).toBe(2207020);
    },
  );

  it.skipIf(REAL_API)(
    'ends a container in ERROR when the media cannot be fetched, and validates captions and formats',
    async () => {
      const { pageToken } = await pageAndToken();
      const ig = SEED.igAccountId;
      const bad = await client.ig.createContainer('facebook', ig, pageToken, {
        image_url: 'https://media.invalid/a.jpg',
      });
      const status = await client.ig.containerStatus('facebook', bad.id, pageToken);
      expect(status).toMatchObject({
        status_code: 'ERROR',
        status: expect.stringContaining('2207052'),
      });
      const png = await expectMetaError(
        client.ig.createContainer('facebook', ig, pageToken, {
          image_url: 'https://cdn.example.com/a.png',
        }),
        'invalid_parameter',
      );
      expect(png.details).toMatchObject({ code: 36001, subcode: 2207005 });
      const long = await expectMetaError(
        client.ig.createContainer('facebook', ig, pageToken, {
          image_url: 'https://cdn.example.com/a.jpg',
          caption: '#a '.repeat(31),
        }),
        'invalid_parameter',
      );
      expect(long.details.subcode).toBe(2207010);
      const carousel = await expectMetaError(
        client.ig.createContainer('facebook', ig, pageToken, {
          media_type: 'CAROUSEL',
          children: ['1'],
        }),
        'invalid_parameter',
      );
      expect(carousel.details.subcode).toBe(2207028);
    },
  );

  it.skipIf(REAL_API)(
    'enforces the rolling 24-hour publishing limit (9/2207042) from quota_total',
    async () => {
      await sim().call('/config', { quotaTotal: 2 });
      const token = await igLoginToken();
      const ig = SEED.igLoginAccountId;
      for (let i = 0; i < 2; i += 1) {
        const k = await client.ig.createContainer('instagram', ig, token, {
          image_url: 'https://cdn.example.com/a.jpg',
        });
        await client.ig.publish('instagram', ig, token, k.id);
      }
      expect(await client.ig.publishingLimit('instagram', ig, token)).toMatchObject({
        used: 2,
        total: 2,
      });
      const k = await client.ig.createContainer('instagram', ig, token, {
        image_url: 'https://cdn.example.com/a.jpg',
      });
      const limited = await expectMetaError(
        client.ig.publish('instagram', ig, token, k.id),
        'rate_limited',
      );
      expect(limited.details).toMatchObject({ code: 9, subcode: 2207042 });
      await sim().call('/clock', { advanceSeconds: 86_401 });
      // The client holds the account back after 2207042; a later run (a new client) may publish.
      client = createMetaClient(target.config);
      const fresh = await client.ig.createContainer('instagram', ig, token, {
        image_url: 'https://cdn.example.com/a.jpg',
      });
      await expect(client.ig.publish('instagram', ig, token, fresh.id)).resolves.toMatchObject({
        id: expect.any(String),
      });
    },
  );
});

describe('Instagram stories', () => {
  it.skipIf(REAL_API)(
    'publishes a photo and a video story without their caption, lists them under /stories only, for 24 hours',
    async () => {
      const { pageToken } = await pageAndToken();
      const ig = SEED.igAccountId;
      const photo = await client.ig.createContainer('facebook', ig, pageToken, {
        media_type: 'STORIES',
        image_url: 'https://cdn.example.com/story.jpg',
        // Not used on stories (docs/product/meta-platform.md#instagram-containers): accepted,
        // never published.
        caption: 'Not shown',
      });
      expect((await client.ig.containerStatus('facebook', photo.id, pageToken)).status_code).toBe(
        'FINISHED',
      );
      const first = await client.ig.publish('facebook', ig, pageToken, photo.id);
      expect((await client.ig.containerStatus('facebook', photo.id, pageToken)).status_code).toBe(
        'PUBLISHED',
      );
      const node = await client.ig.media('facebook', first.id, pageToken);
      expect(node).toMatchObject({ media_type: 'IMAGE', media_product_type: 'STORY' });
      expect(node.caption).toBeUndefined();
      expect(node.permalink).toBe(`https://www.instagram.com/stories/rosabakery/${first.id}/`);

      const clip = await client.ig.createContainer('facebook', ig, pageToken, {
        media_type: 'STORIES',
        video_url: 'https://cdn.example.com/story.mp4',
      });
      expect((await client.ig.containerStatus('facebook', clip.id, pageToken)).status_code).toBe(
        'IN_PROGRESS',
      );
      await sim().call('/clock', { advanceSeconds: 60 });
      const second = await client.ig.publish('facebook', ig, pageToken, clip.id);
      expect((await client.ig.media('facebook', second.id, pageToken)).media_type).toBe('VIDEO');

      // The media edge leaves stories out; the stories edge has them, newest first.
      expect(await client.ig.listMedia('facebook', ig, pageToken)).toEqual([]);
      const stories = await client.ig.listStories('facebook', ig, pageToken);
      expect(stories.map((s) => [s.id, s.media_type])).toEqual([
        [second.id, 'VIDEO'],
        [first.id, 'IMAGE'],
      ]);
      expect(stories[0]!.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);
      // The simulator counts stories towards the 24-hour limit (unconfirmed for Meta).
      expect((await client.ig.publishingLimit('facebook', ig, pageToken)).used).toBe(2);

      // Gone from the edge 24 hours after publishing; the record of what was published keeps them.
      await sim().call('/clock', { advanceSeconds: 86_400 - 30 });
      expect((await client.ig.listStories('facebook', ig, pageToken)).map((s) => s.id)).toEqual([
        second.id,
      ]);
      await sim().call('/clock', { advanceSeconds: 60 });
      expect(await client.ig.listStories('facebook', ig, pageToken)).toEqual([]);
      const record = [...sim().simulator.state.media.values()].filter(
        (m) => m.productType === 'STORY',
      );
      expect(record.map((m) => [m.id, m.caption])).toEqual([
        [first.id, null],
        [second.id, null],
      ]);
    },
  );

  it.skipIf(REAL_API)(
    'the Instagram Login host serves stories too; a story is never a carousel item',
    async () => {
      const token = await igLoginToken();
      const ig = SEED.igLoginAccountId;
      const k = await client.ig.createContainer('instagram', ig, token, {
        media_type: 'STORIES',
        image_url: 'https://cdn.example.com/story.jpg',
      });
      const published = await client.ig.publish('instagram', ig, token, k.id);
      expect((await client.ig.listStories('instagram', ig, token)).map((s) => s.id)).toEqual([
        published.id,
      ]);
      const item = await expectMetaError(
        client.ig.createContainer('instagram', ig, token, {
          media_type: 'STORIES',
          image_url: 'https://cdn.example.com/story.jpg',
          is_carousel_item: true,
        }),
        'invalid_parameter',
      );
      expect(item.details.subcode).toBe(2207023);
    },
  );
});

describe('the media edge, as the profile grid reads it', () => {
  // docs/product/meta-platform.md#reading-instagram-media, docs/decisions/078.
  it.skipIf(REAL_API)(
    'pages the published photo, reel and carousel newest first with their addresses; stories stay out',
    async () => {
      const { pageToken } = await pageAndToken();
      const ig = SEED.igAccountId;
      const publish = async (input: Parameters<MetaClient['ig']['createContainer']>[3]) => {
        const k = await client.ig.createContainer('facebook', ig, pageToken, input);
        await sim().call('/clock', { advanceSeconds: 60 });
        return (await client.ig.publish('facebook', ig, pageToken, k.id)).id;
      };
      const photo = await publish({
        image_url: 'https://cdn.example.com/photo.jpg',
        caption: 'Rolls',
      });
      const reel = await publish({
        media_type: 'REELS',
        video_url: 'https://cdn.example.com/reel.mp4',
        cover_url: 'https://cdn.example.com/reel-cover.jpg',
      });
      const plainReel = await publish({
        media_type: 'REELS',
        video_url: 'https://cdn.example.com/r2.mp4',
      });
      const children = [];
      for (const name of ['first', 'second']) {
        const child = await client.ig.createContainer('facebook', ig, pageToken, {
          image_url: `https://cdn.example.com/${name}.jpg`,
          is_carousel_item: true,
        });
        children.push(child.id);
      }
      const album = await publish({ media_type: 'CAROUSEL', children, caption: 'Two loaves' });
      await publish({ media_type: 'STORIES', image_url: 'https://cdn.example.com/story.jpg' });

      const first = await client.ig.mediaPage('facebook', ig, pageToken, { limit: 3 });
      expect(first.items.map((m) => m.id)).toEqual([album, plainReel, reel]);
      expect(first.after).toEqual(expect.any(String));
      const [carousel, bare, covered] = first.items;
      expect(carousel).toMatchObject({
        media_type: 'CAROUSEL_ALBUM',
        media_product_type: 'FEED',
        media_url: 'https://cdn.example.com/first.jpg',
        caption: 'Two loaves',
        permalink: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/),
        timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/),
      });
      expect(carousel!.thumbnail_url).toBeUndefined();
      expect(covered).toMatchObject({
        media_type: 'VIDEO',
        media_product_type: 'REELS',
        media_url: 'https://cdn.example.com/reel.mp4',
        thumbnail_url: 'https://cdn.example.com/reel-cover.jpg',
      });
      // Without a cover the platform still answers a thumbnail: the simulator draws one.
      expect(bare!.thumbnail_url).toMatch(/\/cdn\/media-thumbnail\/\d+\.svg$/);
      const frame = await fetch(bare!.thumbnail_url!);
      expect(frame.status).toBe(200);
      expect(frame.headers.get('content-type')).toBe('image/svg+xml');

      const last = await client.ig.mediaPage('facebook', ig, pageToken, {
        limit: 3,
        after: first.after!,
      });
      expect(last.items.map((m) => m.id)).toEqual([photo]);
      expect(last.items[0]).toMatchObject({
        media_type: 'IMAGE',
        media_url: 'https://cdn.example.com/photo.jpg',
        caption: 'Rolls',
      });
      expect(last.items[0]!.thumbnail_url).toBeUndefined();
      expect(last.after).toBeNull();
    },
  );

  it.skipIf(REAL_API)(
    'the Instagram Login host serves the same edge; another account’s token reads nothing of it',
    async () => {
      const token = await igLoginToken();
      const ig = SEED.igLoginAccountId;
      const k = await client.ig.createContainer('instagram', ig, token, {
        image_url: 'https://cdn.example.com/a.jpg',
      });
      const published = await client.ig.publish('instagram', ig, token, k.id);
      const page = await client.ig.mediaPage('instagram', ig, token);
      expect(page).toEqual({
        items: [expect.objectContaining({ id: published.id, media_type: 'IMAGE' })],
        after: null,
      });
      const { pageToken } = await pageAndToken();
      await expectMetaError(client.ig.mediaPage('facebook', ig, pageToken), 'invalid_parameter');
    },
  );
});

describe('faults, retries and rate limits', () => {
  const EXPECTED: Record<FaultName, MetaErrorKind> = Object.fromEntries(
    FAULT_NAMES.map((name) => {
      const f = FAULTS[name];
      return [name, classify(f.code, 'subcode' in f ? (f.subcode ?? null) : null, f.status)];
    }),
  ) as Record<FaultName, MetaErrorKind>;

  it('classifies the catalogue by code and subcode', () => {
    expect(EXPECTED.token_expired).toBe('token_expired');
    for (const n of [
      'password_changed',
      'app_removed',
      'role_removed',
      'checkpoint',
      'malformed_token',
      'missing_token',
    ] as const) {
      expect(EXPECTED[n], n).toBe('token_revoked');
    }
    for (const n of [
      'permission_10',
      'permission_200',
      'permission_200_business',
      'capability_3',
    ] as const) {
      expect(EXPECTED[n], n).toBe('permission_missing');
    }
    for (const n of [
      'throttle_4',
      'throttle_17',
      'throttle_32',
      'throttle_613',
      'throttle_80001',
      'throttle_80002',
      'ig_max_posts',
    ] as const) {
      expect(EXPECTED[n], n).toBe('rate_limited');
    }
    for (const n of [
      'transient_1',
      'transient_2',
      'ig_server_error',
      'ig_download_timeout',
      'ig_builder_expired',
    ] as const) {
      expect(EXPECTED[n], n).toBe('transient');
    }
    for (const n of [
      'invalid_parameter',
      'bad_appsecret_proof',
      'fb_duplicate_506',
      'fb_link_1609005',
      'ig_not_ready',
      'ig_caption_too_long',
    ] as const) {
      expect(EXPECTED[n], n).toBe('invalid_parameter');
    }
  });

  it.skipIf(REAL_API)(
    'answers every fault of the catalogue, per call, as its typed error',
    async () => {
      const token = await userToken();
      for (const name of FAULT_NAMES) {
        await sim().fault({ fault: name, path: '/me' });
        // Transient faults are retried: fail every attempt so the error surfaces.
        if (EXPECTED[name] === 'transient')
          await sim().fault({ fault: name, path: '/me', times: 5 });
        client = createMetaClient(target.config, { sleep: async () => {} });
        const error = await expectMetaError(client.facebook.me(token), EXPECTED[name]);
        const spec = FAULTS[name];
        expect(error.details.code, name).toBe(spec.code);
        expect(error.details.subcode, name).toBe('subcode' in spec ? (spec.subcode ?? null) : null);
        expect(error.details.httpStatus, name).toBe(spec.status);
        expect(error.details.fbtraceId, name).toBeTruthy();
        await sim().clearFaults();
      }
      await expect(client.facebook.me(token)).resolves.toMatchObject({ id: expect.any(String) });
    },
  );

  it.skipIf(REAL_API)('injects a fault per resource until cleared', async () => {
    const { page, pageToken } = await pageAndToken();
    await sim().fault({ fault: 'role_removed', resource: page.id, times: null });
    await expectMetaError(client.facebook.page(page.id, pageToken), 'token_revoked');
    await expectMetaError(
      client.facebook.publishText(page.id, pageToken, { message: 'a' }),
      'token_revoked',
    );
    await sim().clearFaults();
    await expect(client.facebook.page(page.id, pageToken)).resolves.toMatchObject({ id: page.id });
  });

  it.skipIf(REAL_API)(
    'retries transient failures with growing back-off, and never the others',
    async () => {
      const token = await userToken();
      await sim().fault({ fault: 'transient_2', path: '/me', times: 2 });
      await expect(client.facebook.me(token)).resolves.toMatchObject({ id: expect.any(String) });
      expect(sleeps).toEqual([1500, 3000]);
      sleeps.length = 0;
      await sim().fault({ fault: 'token_expired', path: '/me', times: 1 });
      await expectMetaError(client.facebook.me(token), 'token_expired');
      expect(sleeps).toEqual([]);
      // A single-use code is never sent twice, even after a transient failure.
      const code = await sim().authorize('facebook', target.redirectUri, FACEBOOK_SCOPES);
      await sim().fault({ fault: 'transient_1', path: '/oauth/access_token', times: 1 });
      await expectMetaError(
        client.facebook.exchangeCode({ code, redirectUri: target.redirectUri }),
        'transient',
      );
      expect(sleeps).toEqual([]);
    },
  );

  it.skipIf(REAL_API)(
    'reads the usage headers, and stops calling a throttled account until it recovers',
    async () => {
      const { page, pageToken } = await pageAndToken();
      await client.facebook.page(page.id, pageToken);
      expect(client.http.lastUsage?.app).toMatchObject({ call_count: expect.any(Number) });
      expect(client.http.lastUsage?.business?.[page.id]?.[0]?.type).toBe('pages');
      await sim().fault({ fault: 'throttle_80001', resource: page.id, times: 1 });
      const limited = await expectMetaError(
        client.facebook.page(page.id, pageToken),
        'rate_limited',
      );
      expect(limited.details.retryAfterMs).toBe(15 * 60_000);
      expect(client.http.lastUsage?.highest).toBe(100);
      const before = sim().simulator.state.calls.length;
      const paused = await expectMetaError(
        client.facebook.page(page.id, pageToken),
        'rate_limited',
      );
      expect(paused.details.httpStatus).toBe(429);
      expect(sim().simulator.state.calls.length).toBe(before);
      // Other accounts are not held back by one throttled Page.
      await expect(client.facebook.me(pageToken)).resolves.toBeTruthy();
    },
  );

  it.skipIf(REAL_API)(
    'answers throttling for everyone once the app reaches 100% of its hourly calls',
    async () => {
      await sim().call('/config', { callsPerHour: 3 });
      const token = await userToken();
      await expectMetaError(
        (async () => {
          for (let i = 0; i < 5; i += 1) await client.facebook.me(token);
        })(),
        'rate_limited',
      );
    },
  );

  it.skipIf(REAL_API)('sends appsecret_proof when the app requires it', async () => {
    await sim().call('/config', { requireAppsecretProof: true });
    const token = await userToken();
    await expectMetaError(client.facebook.me(token), 'invalid_parameter');
    const proofClient = createMetaClient({ ...target.config, appsecretProof: true });
    await expect(proofClient.facebook.me(token)).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('maps typed errors onto the catalogue', () => {
    const make = (kind: MetaErrorKind) =>
      new MetaApiError({
        kind,
        httpStatus: 400,
        code: 1,
        subcode: null,
        type: null,
        message: 'x',
        fbtraceId: 'abc',
        isTransient: null,
        userTitle: null,
        userMessage: null,
        retryAfterMs: null,
        missingPermission: null,
      });
    expect(toAppError(make('token_expired')).code).toBe('PLATFORM_TOKEN_ERROR');
    expect(toAppError(make('token_revoked')).code).toBe('PLATFORM_TOKEN_ERROR');
    expect(toAppError(make('permission_missing')).code).toBe('PLATFORM_TOKEN_ERROR');
    expect(toAppError(make('rate_limited')).code).toBe('RATE_LIMIT_EXCEEDED');
    expect(toAppError(make('transient')).code).toBe('PLATFORM_SERVICES_ERROR');
    expect(toAppError(make('invalid_parameter'), 'PLATFORM_CONNECTION_ERROR').code).toBe(
      'PLATFORM_CONNECTION_ERROR',
    );
    expect(toAppError(make('unknown')).record.technicalMessage).toContain('fbtrace_id abc');
  });
});
