import { MERGE_FIELDS, type MergeField } from '#shared/contracts/email-marketing.contract.ts';

// A campaign e-mail as its recipient reads it (docs/decisions/100). The body is plain text written
// by a person: a blank line starts a paragraph, a single newline breaks the line, bare http(s)
// addresses and [text](https://address) are links, **text** is bold; everything else is text and
// is escaped. Merge fields ({{firstName}} or {{firstName|there}}) take the contact's values in the
// subject, the preheader and the body; a field not in MERGE_FIELDS is left as written and
// reported. Every message ends with the business's name and an unsubscribe link.

export type MergeValues = Partial<Record<MergeField, string | null>>;

export interface RenderContext {
  values: MergeValues;
  businessName: string;
  unsubscribeUrl: string;
  /** Where a link of the body points (the click redirect when tracking is on); itself otherwise. */
  linkHref?: (url: string) => string;
}

export interface RenderedCampaignEmail {
  subject: string;
  preheader: string;
  html: string;
  text: string;
  unknownFields: string[];
}

const KNOWN = new Set<string>(MERGE_FIELDS);
const FIELD = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*(?:\|([^{}\n]*))?\}\}/g;
// One inline element: [text](url) | **bold** | {{field|fallback}} | a bare address.
const INLINE =
  /\[([^\]\n]{1,500})\]\((https?:\/\/[^\s()<>"]+)\)|\*\*([^*\n]+?)\*\*|\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*(?:\|([^{}\n]*))?\}\}|(https?:\/\/[^\s<>"]+)/g;
/** Punctuation that ends a sentence rather than an address written bare. */
const TRAILING = /[.,;:!?'")\]]+$/;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The merge fields used in `texts` that are not known, each once, in order of appearance. */
export function unknownMergeFields(...texts: string[]): string[] {
  const unknown: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(FIELD)) {
      const name = match[1]!;
      if (!KNOWN.has(name) && !unknown.includes(name)) unknown.push(name);
    }
  }
  return unknown;
}

/** The merge values of a contact: its first name is the first word of its name. */
export function mergeValuesOf(contact: {
  name: string | null;
  email: string | null;
  location: string | null;
}): MergeValues {
  const name = contact.name?.trim() || null;
  return {
    name,
    firstName: name?.split(/\s+/)[0] ?? null,
    email: contact.email,
    location: contact.location?.trim() || null,
  };
}

function fieldValue(values: MergeValues, name: string, fallback: string | undefined, raw: string) {
  if (!KNOWN.has(name)) return raw;
  const value = values[name as MergeField]?.trim();
  return value || (fallback ?? '').trim();
}

/** A line of plain text (a subject, a preheader) with its merge fields filled in. */
export function mergeText(text: string, values: MergeValues): string {
  return text.replace(FIELD, (raw, name: string, fallback?: string) =>
    fieldValue(values, name, fallback, raw),
  );
}

/** A bare address written at the end of a sentence loses the sentence's punctuation. */
function splitBareUrl(candidate: string): { url: string; rest: string } {
  const trailing = candidate.match(TRAILING)?.[0] ?? '';
  return { url: candidate.slice(0, candidate.length - trailing.length), rest: trailing };
}

/** The distinct links of a body, in order: the only places the click redirect goes. */
export function linksOf(body: string): string[] {
  const links: string[] = [];
  for (const match of body.matchAll(INLINE)) {
    const url = match[2] ?? (match[6] ? splitBareUrl(match[6]).url : undefined);
    if (url && !links.includes(url)) links.push(url);
  }
  return links;
}

interface Inline {
  html: string;
  text: string;
}

const LINK_STYLE = 'color:#4f46e5;text-decoration:underline;';

function renderInline(line: string, ctx: RenderContext, bold = true): Inline {
  let html = '';
  let text = '';
  let at = 0;
  const plain = (value: string) => {
    html += escapeHtml(value);
    text += value;
  };
  const href = (url: string) => escapeHtml(ctx.linkHref ? ctx.linkHref(url) : url);
  for (const match of line.matchAll(INLINE)) {
    const [whole, linkText, linkUrl, boldText, field, fallback, bare] = match;
    if (boldText !== undefined && !bold) continue;
    plain(line.slice(at, match.index));
    at = match.index + whole.length;
    if (linkUrl !== undefined) {
      const label = mergeText(linkText!, ctx.values);
      html += `<a href="${href(linkUrl)}" style="${LINK_STYLE}">${escapeHtml(label)}</a>`;
      text += `${label} (${linkUrl})`;
    } else if (boldText !== undefined) {
      const inner = renderInline(boldText, ctx, false);
      html += `<strong>${inner.html}</strong>`;
      text += inner.text;
    } else if (field !== undefined) {
      plain(fieldValue(ctx.values, field, fallback, whole));
    } else if (bare !== undefined) {
      const { url, rest } = splitBareUrl(bare);
      html += `<a href="${href(url)}" style="${LINK_STYLE}">${escapeHtml(url)}</a>`;
      text += url;
      plain(rest);
    }
  }
  plain(line.slice(at));
  return { html, text };
}

/** The body's paragraphs, each a list of lines, blank lines between them. */
function paragraphsOf(body: string): string[][] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

const FONT = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;";

function layout(parts: {
  subject: string;
  preheader: string;
  paragraphs: string[];
  footer: string;
}): string {
  const paragraphs = parts.paragraphs.map((p) => `<p style="margin:0 0 16px;">${p}</p>`).join('\n');
  // The preheader is padded so that clients showing a preview do not run on into the body.
  const padding = '&#8199;&#65279;&#847; '.repeat(40);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(parts.preheader)}${padding}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9;">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:12px;">
<tr><td style="padding:32px;${FONT}font-size:16px;line-height:1.6;color:#0f172a;word-break:break-word;">
${paragraphs}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td style="padding:20px 32px;${FONT}font-size:12px;line-height:1.5;color:#64748b;text-align:center;">
${parts.footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The message a recipient gets: subject, preheader, an HTML part and a text part. */
export function renderCampaignEmail(
  content: { subject: string; preheader: string; body: string },
  ctx: RenderContext,
): RenderedCampaignEmail {
  const subject = mergeText(content.subject, ctx.values).replace(/\s+/g, ' ').trim();
  const preheader = mergeText(content.preheader, ctx.values).replace(/\s+/g, ' ').trim();
  const rendered = paragraphsOf(content.body).map((lines) =>
    lines.map((line) => renderInline(line, ctx)),
  );
  const business = escapeHtml(ctx.businessName);
  const unsubscribe = escapeHtml(ctx.unsubscribeUrl);
  const footer =
    `You are receiving this e-mail from ${business}.<br>` +
    `<a href="${unsubscribe}" style="color:#64748b;text-decoration:underline;">Unsubscribe</a>`;
  const html = layout({
    subject,
    preheader,
    paragraphs: rendered.map((lines) => lines.map((l) => l.html).join('<br>\n')),
    footer,
  });
  const text = [
    ...rendered.map((lines) => lines.map((l) => l.text).join('\n')),
    '--',
    `You are receiving this e-mail from ${ctx.businessName}.`,
    `Unsubscribe: ${ctx.unsubscribeUrl}`,
  ].join('\n\n');
  return {
    subject,
    preheader,
    html,
    text,
    unknownFields: unknownMergeFields(content.subject, content.preheader, content.body),
  };
}
