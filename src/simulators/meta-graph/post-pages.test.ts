import { beforeEach, describe, expect, it } from 'vitest';
import {
  createMetaClient,
  FACEBOOK_SCOPES,
  type MetaClient,
} from '#server/integrations/meta/client.ts';
import { createMetaGraphSimulator, SIM_HOSTS, type MetaGraphSimulator } from './simulator.ts';
import type { SimWorld } from './state.ts';

// The pages a published post's permalink opens (docs/decisions/058), against the simulator alone:
// posts are made through the Graph API as the app makes them, and a page is read as a browser
// would, the reader's worlds said by a header this test's simulator trusts.

const ROOT = 'http://app.test/simulator/meta';
const REDIRECT = 'http://app.test/dashboard/connect';
const OWN_MEDIA = 'http://app.test/api/publishing/media/';
const READER = 'x-test-reader';

let simulator: MetaGraphSimulator;
let client: MetaClient;
let ours: SimWorld;
let theirs: SimWorld;

beforeEach(() => {
  simulator = createMetaGraphSimulator({
    basePath: '/simulator/meta',
    mountControl: false,
    postPages: {
      root: ROOT,
      readerWorlds: (c) => (c.req.header(READER) ?? '').split(',').filter(Boolean),
      // The app's own addresses become the library's; anything else is not shown.
      mediaSource: (url, world) =>
        url.startsWith(OWN_MEDIA) ? `/library/${world}/${url.slice(OWN_MEDIA.length)}` : null,
    },
  });
  const inProcess = async (url: string, init: RequestInit) =>
    simulator.app.fetch(new Request(url, init));
  const cfg = simulator.state.config;
  client = createMetaClient(
    {
      appId: cfg.appId,
      appSecret: cfg.appSecret,
      graphVersion: cfg.defaultVersion,
      graphBaseUrl: `${ROOT}${SIM_HOSTS.graph}`,
      graphVideoBaseUrl: `${ROOT}${SIM_HOSTS.graphVideo}`,
      dialogBaseUrl: `${ROOT}${SIM_HOSTS.facebookDialog}`,
      igAppId: cfg.igAppId,
      igAppSecret: cfg.igAppSecret,
      igGraphBaseUrl: `${ROOT}${SIM_HOSTS.instagramGraph}`,
      igApiBaseUrl: `${ROOT}${SIM_HOSTS.instagramApi}`,
      igDialogBaseUrl: `${ROOT}${SIM_HOSTS.instagramDialog}`,
      appsecretProof: false,
    },
    { fetch: inProcess, sleep: async () => {} },
  );
  ours = simulator.provisionWorld('business-a');
  theirs = simulator.provisionWorld('business-b');
});

/** The Page token of a world's first Page, through consent as the app gets it. */
async function pageToken(world: SimWorld): Promise<string> {
  const res = await simulator.control.request('/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      login: 'facebook',
      redirectUri: REDIRECT,
      scopes: FACEBOOK_SCOPES,
      personId: world.personId,
    }),
  });
  const { code } = (await res.json()) as { code: string };
  const short = await client.facebook.exchangeCode({ code, redirectUri: REDIRECT });
  const pages = await client.facebook.listPages(short.access_token);
  return pages.find((p) => p.id === world.pageId)!.access_token!;
}

/** A page as a browser opens it, reading as a member of `readers` (world keys). */
async function open(permalink: string, readers: string[] = []) {
  expect(permalink.startsWith(`${ROOT}/`), permalink).toBe(true);
  const res = await simulator.app.fetch(
    new Request(permalink, { headers: readers.length > 0 ? { [READER]: readers.join(',') } : {} }),
  );
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> Fresh & "warm" #bread @rosa`;

async function instagramPost(caption = HOSTILE) {
  const token = await pageToken(ours);
  const container = await client.ig.createContainer('facebook', ours.igAccountId, token, {
    image_url: `${OWN_MEDIA}grant/photo-1.jpg`,
    caption,
  });
  const published = await client.ig.publish('facebook', ours.igAccountId, token, container.id);
  await client.ig.comment('facebook', published.id, token, 'First comment <b>bold</b>');
  const media = await client.ig.media('facebook', published.id, token);
  return { token, id: published.id, permalink: media.permalink! };
}

describe('an Instagram post page', () => {
  it('is where the permalink leads, shown to its business like the platform shows it', async () => {
    const { permalink } = await instagramPost();
    expect(permalink).toMatch(new RegExp(`^${ROOT}/instagram/p/[\\w-]+/$`));
    const page = await open(permalink, ['business-a']);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.html).toContain('rosabakery');
    expect(page.html).toContain(`src="${ROOT}/cdn/avatar/${ours.igAccountId}.svg"`);
    expect(page.html).toContain(`src="/library/business-a/grant/photo-1.jpg"`);
    expect(page.html).toContain('0 likes');
    expect(page.html).toContain('1 comment');
    expect(page.html).toContain('First comment &#60;b&#62;bold&#60;/b&#62;');
    // A reader of several businesses reads the posts of each.
    expect((await open(permalink, ['business-b', 'business-a'])).status).toBe(200);
  });

  it('escapes a caption written as HTML: no element of it reaches the page', async () => {
    const { permalink } = await instagramPost();
    const { html } = await open(permalink, ['business-a']);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(html).toContain('Fresh &#38; &#34;warm&#34; <span class="tag">#bread</span>');
  });

  it('is not available to another business, to nobody signed in, or when it does not exist, all alike', async () => {
    const { permalink } = await instagramPost();
    const missing = await open(`${ROOT}/instagram/p/doesnotexist/`, ['business-a']);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Sorry, this page isn’t available.');
    for (const readers of [['business-b'], [], ['no-such-business']]) {
      const page = await open(permalink, readers);
      expect(page.status).toBe(404);
      expect(page.html).toBe(missing.html);
      expect(page.html).not.toContain('Fresh');
    }
  });

  it('shows no medium from an address that is not the app’s own, nor one on another origin', async () => {
    const token = await pageToken(ours);
    const container = await client.ig.createContainer('facebook', ours.igAccountId, token, {
      image_url: 'https://elsewhere.example/tracker.jpg',
      caption: 'Elsewhere',
    });
    const published = await client.ig.publish('facebook', ours.igAccountId, token, container.id);
    const media = await client.ig.media('facebook', published.id, token);
    const { html, status } = await open(media.permalink!, ['business-a']);
    expect(status).toBe(200);
    expect(html).not.toContain('elsewhere.example');
    expect(html).toContain('class="placeholder"');
  });

  it('shows a story for its 24 hours, without a caption', async () => {
    const token = await pageToken(ours);
    const container = await client.ig.createContainer('facebook', ours.igAccountId, token, {
      media_type: 'STORIES',
      image_url: `${OWN_MEDIA}grant/story.jpg`,
    });
    const published = await client.ig.publish('facebook', ours.igAccountId, token, container.id);
    const { permalink } = await client.ig.media('facebook', published.id, token);
    expect(permalink).toBe(`${ROOT}/instagram/stories/rosabakery/${published.id}/`);
    const page = await open(permalink!, ['business-a']);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`src="/library/business-a/grant/story.jpg"`);
    expect((await open(permalink!, ['business-b'])).status).toBe(404);
    simulator.state.clockOffsetMs += 86_400_000;
    expect((await open(permalink!, ['business-a'])).status).toBe(404);
  });
});

describe('a Facebook Page post page', () => {
  it('shows the Page, the text, every photo, reactions and comments to its business only', async () => {
    const token = await pageToken(ours);
    const photos = [];
    for (const n of [1, 2]) {
      photos.push(
        (
          await client.facebook.publishPhoto(ours.pageId, token, {
            url: `${OWN_MEDIA}grant/album-${n}.jpg`,
            published: false,
          })
        ).id,
      );
    }
    const post = await client.facebook.publishText(ours.pageId, token, {
      message: HOSTILE,
      attached_media: JSON.stringify(photos.map((id) => ({ media_fbid: id }))),
    });
    await client.facebook.comment(post.id, token, 'Open until 6');
    const { permalink_url } = await client.facebook.getPost(post.id, token, 'id,permalink_url');
    expect(permalink_url).toBe(`${ROOT}/facebook/${post.id.replace('_', '/posts/')}`);

    const page = await open(permalink_url!, ['business-a']);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Rosa Bakery');
    expect(page.html).toContain(`src="/library/business-a/grant/album-1.jpg"`);
    expect(page.html).toContain(`src="/library/business-a/grant/album-2.jpg"`);
    expect(page.html).toContain('0 reactions');
    expect(page.html).toContain('Open until 6');
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html).toContain('&#60;script&#62;');

    const missing = await open(`${ROOT}/facebook/${theirs.pageId}/posts/1`, ['business-b']);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('This content isn’t available right now');
    const other = await open(permalink_url!, ['business-b']);
    expect(other.status).toBe(404);
    expect(other.html).toBe(missing.html);
  });

  it('is not available while unpublished', async () => {
    const token = await pageToken(ours);
    const photo = await client.facebook.publishPhoto(ours.pageId, token, {
      url: `${OWN_MEDIA}grant/draft.jpg`,
      published: false,
    });
    const page = await open(`${ROOT}/facebook/${ours.pageId}/posts/${photo.id}`, ['business-a']);
    expect(page.status).toBe(404);
  });
});

describe('without post pages', () => {
  it('serves no post page (permalinks stay the platform’s: the contract tests)', async () => {
    const plain = createMetaGraphSimulator();
    const res = await plain.app.fetch(new Request('http://sim.test/instagram/p/abc/'));
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Instagram');
  });
});
