import { describe, expect, it } from 'vitest';
import { loadEnv } from '#server/platform/env.ts';
import { createLinkToken, readLinkToken } from './link-tokens.ts';
import {
  linksOf,
  mergeText,
  mergeValuesOf,
  renderCampaignEmail,
  unknownMergeFields,
} from './render.ts';

// The body as a person writes it, turned into the message's HTML and text (docs/decisions/100),
// and the signed tokens of its links.

const ctx = {
  values: mergeValuesOf({ name: 'Pat Doe', email: 'pat@example.com', location: null }),
  businessName: 'Rye & Co',
  unsubscribeUrl: 'https://app.example/email/unsubscribe/tok',
};

const render = (
  body: string,
  more: Partial<typeof ctx> & { linkHref?: (u: string) => string } = {},
) => renderCampaignEmail({ subject: 'S', preheader: 'P', body }, { ...ctx, ...more });

describe('renderCampaignEmail', () => {
  it('makes paragraphs of blank-line-separated text and breaks of single newlines', () => {
    const { html, text } = render('One\ntwo\n\n\nThree\r\n\r\nFour  ');
    expect(html).toContain('<p style="margin:0 0 16px;">One<br>\ntwo</p>');
    expect(html).toContain('>Three</p>');
    expect(html).toContain('>Four</p>');
    expect(text.startsWith('One\ntwo\n\nThree\n\nFour\n\n--')).toBe(true);
  });

  it('escapes everything that is not its own markup', () => {
    const { html } = render('<img src=x onerror=alert(1)> & "quotes" \'too\'');
    expect(html).toContain(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot; &#39;too&#39;',
    );
    expect(html).not.toContain('<img');
  });

  it('links bare addresses without their closing punctuation, and [text](url)', () => {
    const { html, text } = render(
      'Visit https://rye.example/a?b=1&c=2. Or [our <menu>](https://rye.example/m) (see https://rye.example/x)',
    );
    expect(html).toContain('<a href="https://rye.example/a?b=1&amp;c=2" style=');
    expect(html).toContain('>https://rye.example/a?b=1&amp;c=2</a>. Or');
    expect(html).toContain(
      '<a href="https://rye.example/m" style="color:#4f46e5;text-decoration:underline;">our &lt;menu&gt;</a>',
    );
    expect(html).toContain('>https://rye.example/x</a>)');
    expect(text).toContain('our <menu> (https://rye.example/m)');
    expect(render('javascript:alert(1) [x](javascript:alert(1))').html).not.toContain(
      'href="javascript',
    );
  });

  it('bolds **text**, with merge fields inside', () => {
    expect(render('**Hi {{firstName}}** and ** not').html).toContain(
      '<strong>Hi Pat</strong> and ** not',
    );
  });

  it('fills merge fields and fallbacks in subject, preheader and body; unknown ones stay', () => {
    const out = renderCampaignEmail(
      {
        subject: '{{ firstName | there }}, from {{location|town}}',
        preheader: '{{email}} {{nick|x}}',
        body: 'Dear {{name}} of {{location|nowhere}} {{nick}} {{ broken',
      },
      ctx,
    );
    expect(out.subject).toBe('Pat, from town');
    expect(out.preheader).toBe('pat@example.com {{nick|x}}');
    expect(out.text).toContain('Dear Pat Doe of nowhere {{nick}} {{ broken');
    expect(out.unknownFields).toEqual(['nick']);
    expect(mergeText('{{firstName|friend}}', {})).toBe('friend');
    expect(mergeText('{{firstName}}!', {})).toBe('!');
  });

  it("ends with the business's name and the unsubscribe link, and hides the preheader", () => {
    const { html, text } = render('Hello');
    expect(html).toContain('from Rye &amp; Co.');
    expect(html).toContain('href="https://app.example/email/unsubscribe/tok"');
    expect(html).toMatch(/<div style="display:none;[^"]*">P/);
    expect(text).toContain('Unsubscribe: https://app.example/email/unsubscribe/tok');
  });

  it('points links at the redirect when told, and lists the distinct links in order', () => {
    const body = 'https://a.example/1 [x](https://b.example/2) https://a.example/1.';
    expect(linksOf(body)).toEqual(['https://a.example/1', 'https://b.example/2']);
    const { html } = render(body, {
      linkHref: (url) => `https://app.example/c/${linksOf(body).indexOf(url)}`,
    });
    expect(html).toContain('href="https://app.example/c/0"');
    expect(html).toContain('href="https://app.example/c/1"');
    expect(unknownMergeFields('{{a}} {{b}} {{a}} {{name}}')).toEqual(['a', 'b']);
  });
});

describe('link tokens', () => {
  const env = loadEnv({ NODE_ENV: 'test' });
  const recipientId = crypto.randomUUID();
  const tenantId = crypto.randomUUID();

  it('read back what was signed, and only as the kind it was made for', () => {
    const unsubscribe = createLinkToken(env, { kind: 'unsubscribe', recipientId, tenantId });
    expect(readLinkToken(env, 'unsubscribe', unsubscribe)).toEqual({
      kind: 'unsubscribe',
      recipientId,
      tenantId,
    });
    expect(readLinkToken(env, 'click', unsubscribe)).toBeNull();
    const click = createLinkToken(env, { kind: 'click', recipientId, tenantId, link: 3 });
    expect(readLinkToken(env, 'click', click)).toMatchObject({ link: 3, recipientId });
  });

  it('refuse any change, another key, and what is not a token', () => {
    const token = createLinkToken(env, { kind: 'unsubscribe', recipientId, tenantId });
    for (let i = 0; i < token.length; i += 1) {
      if (token[i] === '.') continue;
      const changed = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      expect(readLinkToken(env, 'unsubscribe', changed), changed).toBeNull();
    }
    expect(readLinkToken(loadEnv({ NODE_ENV: 'test' }), 'unsubscribe', token)).toBeNull();
    for (const bad of ['', '.', 'abc', 'a.b.c', `${token}.x`, 'x'.repeat(300)]) {
      expect(readLinkToken(env, 'unsubscribe', bad)).toBeNull();
    }
  });
});
