// The pages a published post's permalink opens in the simulator (docs/decisions/058): an
// Instagram post or story and a Facebook Page post, laid out like the platform's, as plain HTML
// with inline CSS and no script. Every value is escaped where it is written; media addresses
// come from the simulator's caller (the app's own), never from the request being answered.

/** A medium on a page: where to load it from (null: a placeholder) and how to show it. */
export interface PageMedia {
  src: string | null;
  video: boolean;
}

export interface PageComment {
  author: string;
  text: string;
  /** Unix ms. */
  at: number;
}

/**
 * Headers of every post page: nothing but same-origin pictures and inline styles may load (no
 * script at all), the page is never cached or framed elsewhere, and it is not indexed.
 */
export const POST_PAGE_HEADERS: Record<string, string> = {
  'cache-control': 'private, no-store',
  'content-security-policy':
    "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'x-frame-options': 'DENY',
  vary: 'Cookie',
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const esc = escapeHtml;

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

const time = (ms: number, withHour = false) => {
  const at = new Date(ms);
  const text = withHour
    ? `${dateFormat.format(at)} at ${timeFormat.format(at)}`
    : dateFormat.format(at);
  return `<time datetime="${esc(at.toISOString())}">${esc(text)}</time>`;
};

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Text with its hashtags and mentions marked the way the platform colours them. */
function richText(text: string): string {
  const parts = text.split(/([#@][\p{L}\p{N}_.]+)/u);
  return parts
    .map((part, i) => (i % 2 === 1 ? `<span class="tag">${esc(part)}</span>` : esc(part)))
    .join('');
}

const ICONS = {
  heart:
    '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M16.8 3.5c-2 0-3.6 1-4.8 2.7-1.2-1.7-2.8-2.7-4.8-2.7C4 3.5 2 6 2 9c0 5.6 8.6 11 10 11.5 1.4-.5 10-5.9 10-11.5 0-3-2-5.5-5.2-5.5Z" fill="none" stroke="currentColor" stroke-width="2"/></svg>',
  comment:
    '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M20.7 16.7A9.5 9.5 0 1 0 17 20.3L21.5 22Z" fill="none" stroke="currentColor" stroke-linejoin="round" stroke-width="2"/></svg>',
  share:
    '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M22 3 9.2 10.1M22 3l-7 18-5.8-10.9L2 3.5Z" fill="none" stroke="currentColor" stroke-linejoin="round" stroke-width="2"/></svg>',
  save: '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M20 21 12 14.2 4 21V3h16Z" fill="none" stroke="currentColor" stroke-linejoin="round" stroke-width="2"/></svg>',
  globe:
    '<svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12"><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor"/><path d="M1.5 8h13M8 1.5c2 2 2 11 0 13M8 1.5c-2 2-2 11 0 13" fill="none" stroke="currentColor"/></svg>',
};

function mediaElement(item: PageMedia, label: string): string {
  if (!item.src) {
    return `<div class="placeholder" role="img" aria-label="${esc(`${label} (not available in the simulator)`)}"><span>${item.video ? 'Video' : 'Photo'}</span></div>`;
  }
  return item.video
    ? `<video src="${esc(item.src)}" controls playsinline preload="metadata" aria-label="${esc(label)}"></video>`
    : `<img src="${esc(item.src)}" alt="${esc(label)}">`;
}

function htmlDocument(input: {
  title: string;
  body: string;
  style: string;
  lang?: string;
}): string {
  return `<!doctype html>
<html lang="${input.lang ?? 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${esc(input.title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:18px}
.sim{display:inline-block;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;background:#fff4d6;color:#6b4700}
.note{max-width:935px;margin:12px auto 0;padding:0 16px;color:#555;font-size:12px}
.placeholder{display:grid;place-items:center;width:100%;aspect-ratio:1;background:#efefef;color:#737373;font-weight:600}
img,video{display:block;max-width:100%}
.tag{color:#00376b}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
ul{list-style:none;margin:0;padding:0}
${input.style}
</style></head>
<body>${input.body}</body></html>`;
}

// ------------------------------------------------------------------------------- Instagram

const INSTAGRAM_STYLE = `
body{background:#fafafa;color:#000}
.top{background:#fff;border-bottom:1px solid #dbdbdb;padding:12px 16px;display:flex;align-items:center;gap:12px}
.brand{font-family:"Billabong","Grand Hotel",cursive,serif;font-size:28px;line-height:32px;font-style:italic}
.post{max-width:935px;margin:24px auto;background:#fff;border:1px solid #dbdbdb;display:flex;flex-direction:column}
.post>.side{display:contents}
.post .head{order:-1}
@media (min-width:760px){.post{display:grid;grid-template-columns:minmax(0,3fr) minmax(300px,2fr)}.post>.side{display:flex}.post .head{order:0}}
.frame{position:relative;background:#000;display:flex;align-items:center;min-width:0}
.media{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;align-items:center;width:100%}
.media>*{flex:0 0 100%;scroll-snap-align:center}
.dots{position:absolute;bottom:12px;left:0;right:0;display:flex;justify-content:center;gap:4px}
.dots span{width:6px;height:6px;border-radius:50%;background:rgba(255,255,255,.5)}
.dots span:first-child{background:#0095f6}
.media img,.media video{width:100%;height:auto;max-height:80vh;object-fit:contain}
.media.reel img,.media.reel video,.media.reel .placeholder{aspect-ratio:9/16;object-fit:cover}
.side{display:flex;flex-direction:column;min-width:0;border-left:1px solid #efefef}
.head{display:flex;align-items:center;gap:12px;padding:14px 16px;border-bottom:1px solid #efefef}
.avatar{width:32px;height:32px;border-radius:50%;flex:none}
.username{font-weight:600}
.follow{color:#0095f6;font-weight:600}
.comments{padding:16px;display:grid;gap:16px;flex:1;align-content:start}
.comments li{display:flex;gap:12px;align-items:flex-start}
.comments p{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.muted{color:#737373;font-size:12px}
.actions{display:flex;gap:16px;padding:8px 16px 0;border-top:1px solid #efefef}
.actions .end{margin-left:auto}
.likes{padding:8px 16px 0;font-weight:600;margin:0}
.when{padding:4px 16px 16px;margin:0;text-transform:uppercase;letter-spacing:.2px;font-size:10px;color:#737373}
.count{margin:0;padding:4px 16px 0;color:#737373}
.story{max-width:420px;margin:24px auto;background:#1a1a1a;border-radius:12px;overflow:hidden;position:relative;color:#fff}
.story .bar{position:absolute;top:8px;left:8px;right:8px;height:2px;background:rgba(255,255,255,.9);border-radius:2px}
.story .head{position:absolute;top:14px;left:0;right:0;border:0;z-index:1;text-shadow:0 0 4px rgba(0,0,0,.5)}
.story .frame img,.story .frame video,.story .frame .placeholder{width:100%;aspect-ratio:9/16;object-fit:cover}
.story .muted{color:rgba(255,255,255,.85)}
.story .reply{margin:12px;border:1px solid rgba(255,255,255,.6);border-radius:999px;padding:10px 16px;color:rgba(255,255,255,.8)}
`;

export interface InstagramPage {
  username: string;
  avatar: string;
  product: 'FEED' | 'REELS' | 'STORY';
  media: PageMedia[];
  caption: string | null;
  likes: number;
  comments: PageComment[];
  publishedAt: number;
}

const SIM_NOTE =
  'Simulated: this post exists only in the app’s simulator of Meta (demo mode). It is shown only to the business that published it.';

export function instagramPostPage(input: InstagramPage): string {
  const user = esc(input.username);
  const head = `<header class="head"><img class="avatar" src="${esc(input.avatar)}" alt=""><span class="username">${user}</span>${input.product === 'STORY' ? `<span class="muted">${time(input.publishedAt)}</span>` : '<span aria-hidden="true">•</span><span class="follow">Follow</span>'}</header>`;
  const top = `<div class="top"><span class="brand">Instagram</span><span class="sim">Simulated</span></div>`;
  const label = (i: number) =>
    `${input.media[i]?.video ? 'Video' : 'Photo'} by ${input.username}${input.media.length > 1 ? `, ${i + 1} of ${input.media.length}` : ''}`;
  if (input.product === 'STORY') {
    const frame = input.media.map((m, i) => mediaElement(m, label(i))).join('');
    return htmlDocument({
      title: `Story by @${input.username} • Instagram (simulated)`,
      style: INSTAGRAM_STYLE,
      body: `${top}<p class="note">${esc(SIM_NOTE)}</p><main class="story"><div class="bar"></div>${head}<div class="frame">${frame}</div><div class="reply" aria-hidden="true">Reply to ${user}…</div></main>`,
    });
  }
  const media = input.media.map((m, i) => mediaElement(m, label(i))).join('');
  const dots =
    input.media.length > 1
      ? `<div class="dots" aria-hidden="true">${'<span></span>'.repeat(input.media.length)}</div>`
      : '';
  const caption = input.caption
    ? `<li><img class="avatar" src="${esc(input.avatar)}" alt=""><div><p><span class="username">${user}</span> ${richText(input.caption)}</p><span class="muted">${time(input.publishedAt)}</span></div></li>`
    : '';
  const comments = input.comments
    .map(
      (c) =>
        `<li><img class="avatar" src="${esc(input.avatar)}" alt=""><div><p><span class="username">${esc(c.author)}</span> ${richText(c.text)}</p><span class="muted">${time(c.at)}</span></div></li>`,
    )
    .join('');
  const count = input.comments.length;
  const title = input.caption
    ? `${input.username} on Instagram: “${input.caption.slice(0, 80)}”`
    : `Instagram post by ${input.username}`;
  return htmlDocument({
    title: `${title} (simulated)`,
    style: INSTAGRAM_STYLE,
    body: `${top}<p class="note">${esc(SIM_NOTE)}</p>
<main class="post" aria-label="Post by ${user}">
<div class="frame"><div class="media${input.product === 'REELS' ? ' reel' : ''}"${input.media.length > 1 ? ` aria-label="${esc(`Carousel of ${input.media.length}, scroll sideways`)}"` : ''}>${media}</div>${dots}</div>
<section class="side">${head}
<ul class="comments" aria-label="Caption and comments">${caption}${comments}</ul>
<div class="actions"><span title="Like">${ICONS.heart}</span><span title="Comment">${ICONS.comment}</span><span title="Share">${ICONS.share}</span><span class="end" title="Save">${ICONS.save}</span></div>
<p class="likes">${esc(plural(input.likes, 'like', 'likes'))}</p>
<p class="count">${esc(count === 0 ? 'No comments yet' : plural(count, 'comment', 'comments'))}</p>
<p class="when">${time(input.publishedAt)}</p>
</section></main>`,
  });
}

// -------------------------------------------------------------------------------- Facebook

const FACEBOOK_STYLE = `
body{background:#f0f2f5;color:#050505;font-size:15px;line-height:20px}
.top{background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.1);padding:8px 16px;display:flex;align-items:center;gap:12px}
.brand{color:#0866ff;font-weight:700;font-size:28px;letter-spacing:-1px;line-height:40px}
.post{max-width:680px;margin:16px auto;background:#fff;border-radius:8px;box-shadow:0 1px 2px rgba(0,0,0,.2);overflow:hidden}
.head{display:flex;gap:8px;padding:12px 16px 0;align-items:center}
.avatar{width:40px;height:40px;border-radius:50%;flex:none}
.name{font-weight:600;display:block}
.meta{color:#65676b;font-size:13px;display:flex;align-items:center;gap:4px}
.text{padding:4px 16px 12px;margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.media{display:grid;gap:2px;background:#fff}
.media.album{grid-template-columns:1fr 1fr}
.media img,.media video{width:100%;height:auto;max-height:80vh;object-fit:contain;background:#000}
.media.album img,.media.album .placeholder{aspect-ratio:1;object-fit:cover}
.link{margin:0 16px 12px;padding:12px;background:#f0f2f5;border-radius:6px;color:#65676b;overflow-wrap:anywhere}
.counts{display:flex;justify-content:space-between;padding:10px 16px;color:#65676b}
.bar{display:flex;border-top:1px solid #ced0d4;margin:0 16px;padding:4px 0}
.bar span{flex:1;text-align:center;padding:6px;color:#65676b;font-weight:600}
.comments{padding:8px 16px 16px;display:grid;gap:8px;border-top:1px solid #ced0d4;margin:0 16px}
.comments li{display:flex;gap:8px}
.comments .avatar{width:32px;height:32px}
.bubble{background:#f0f2f5;border-radius:18px;padding:8px 12px}
.bubble p{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.tag{color:#385898}
`;

export interface FacebookPage {
  pageName: string;
  avatar: string;
  message: string | null;
  /** The link the post shares: shown as text, never made a link or fetched. */
  link: string | null;
  media: PageMedia[];
  reactions: number;
  comments: PageComment[];
  publishedAt: number;
}

export function facebookPostPage(input: FacebookPage): string {
  const name = esc(input.pageName);
  const label = (i: number) =>
    `${input.media[i]?.video ? 'Video' : 'Photo'} from ${input.pageName}${input.media.length > 1 ? `, ${i + 1} of ${input.media.length}` : ''}`;
  const media =
    input.media.length > 0
      ? `<div class="media${input.media.length > 1 ? ' album' : ''}">${input.media.map((m, i) => mediaElement(m, label(i))).join('')}</div>`
      : '';
  const comments = input.comments
    .map(
      (c) =>
        `<li><img class="avatar" src="${esc(input.avatar)}" alt=""><div><div class="bubble"><span class="name">${esc(c.author)}</span><p>${richText(c.text)}</p></div><span class="meta">${time(c.at)}</span></div></li>`,
    )
    .join('');
  const count = input.comments.length;
  const title = input.message
    ? `${input.pageName}: ${input.message.slice(0, 80)}`
    : `Post by ${input.pageName}`;
  return htmlDocument({
    title: `${title} | Facebook (simulated)`,
    style: FACEBOOK_STYLE,
    body: `<div class="top"><span class="brand">facebook</span><span class="sim">Simulated</span></div><p class="note">${esc(SIM_NOTE)}</p>
<main class="post" aria-label="Post by ${name}">
<header class="head"><img class="avatar" src="${esc(input.avatar)}" alt=""><div><span class="name">${name}</span><span class="meta">${time(input.publishedAt, true)} · ${ICONS.globe}<span class="sr">Public</span></span></div></header>
${input.message ? `<p class="text">${richText(input.message)}</p>` : '<div style="height:12px"></div>'}
${input.link ? `<p class="link">${esc(input.link)}</p>` : ''}
${media}
<div class="counts"><span>${esc(plural(input.reactions, 'reaction', 'reactions'))}</span><span>${esc(plural(count, 'comment', 'comments'))}</span></div>
<div class="bar" aria-hidden="true"><span>Like</span><span>Comment</span><span>Share</span></div>
${count > 0 ? `<ul class="comments" aria-label="Comments">${comments}</ul>` : ''}
</main>`,
  });
}

// ---------------------------------------------------------------------------- not available

/** What the platform shows for a link that leads nowhere; the same for every reason. */
export function notAvailablePage(platform: 'instagram' | 'facebook'): string {
  const instagram = platform === 'instagram';
  const heading = instagram
    ? 'Sorry, this page isn’t available.'
    : 'This content isn’t available right now';
  const reason = instagram
    ? 'The link you followed may be broken, or the page may have been removed.'
    : 'When this happens, it’s usually because the owner only shared it with a small group of people, changed who can see it or it’s been deleted.';
  return htmlDocument({
    title: `${instagram ? 'Page not found • Instagram' : 'Facebook'} (simulated)`,
    style: `${instagram ? INSTAGRAM_STYLE : FACEBOOK_STYLE}
.gone{max-width:600px;margin:40px auto;padding:0 16px;text-align:center}
.gone h1{font-size:22px;line-height:28px}`,
    body: `<div class="top"><span class="brand">${instagram ? 'Instagram' : 'facebook'}</span><span class="sim">Simulated</span></div>
<main class="gone"><h1>${esc(heading)}</h1><p>${esc(reason)}</p>
<p class="muted">${esc('Simulated posts are shown only to people signed in to the business that published them, while the app that simulated them keeps running.')}</p></main>`,
  });
}
