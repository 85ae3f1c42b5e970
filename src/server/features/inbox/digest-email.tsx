/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  EmailButton,
  EmailLayout,
  renderEmail,
  type RenderedEmail,
} from '#server/platform/email/templates.tsx';

// The daily inbox digest (docs/decisions/091): per business, what waits for a reply and the
// threads that have waited longest.

export interface DigestBusiness {
  businessName: string;
  waiting: number;
  unread: number;
  oldest: Array<{ who: string; preview: string; since: string; kind: 'comment' | 'conversation' }>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function inboxDigestEmail(input: {
  url: string;
  businesses: DigestBusiness[];
}): RenderedEmail {
  const total = input.businesses.reduce((n, b) => n + b.waiting, 0);
  const subject = `${plural(total, 'comment or message', 'comments and messages')} waiting for a reply`;
  const lines = input.businesses.flatMap((b) => [
    `${b.businessName}: ${plural(b.waiting, 'thread', 'threads')} waiting for a reply, ${b.unread} unread`,
    ...b.oldest.map(
      (o) =>
        `  - ${o.who} (${o.kind === 'comment' ? 'comment' : 'message'}, since ${o.since}): ${o.preview}`,
    ),
    '',
  ]);
  return {
    subject,
    html: renderEmail(
      <EmailLayout preview={subject}>
        <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Your inbox this morning</h1>
        {input.businesses.map((b) => (
          <div key={b.businessName} style={{ marginBottom: 16 }}>
            <p style={{ fontSize: 15, lineHeight: 1.6, margin: '0 0 8px' }}>
              <strong>{b.businessName}</strong>: {plural(b.waiting, 'thread', 'threads')} waiting
              for a reply, {b.unread} unread.
            </p>
            <ul style={{ fontSize: 14, lineHeight: 1.5, paddingLeft: 18, margin: 0 }}>
              {b.oldest.map((o, i) => (
                <li key={i}>
                  <strong>{o.who}</strong> ({o.kind === 'comment' ? 'comment' : 'message'}, since{' '}
                  {o.since}): {o.preview}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <EmailButton href={input.url} label="Open the social monitor" />
        <p style={{ fontSize: 13, color: '#475569' }}>
          You can turn this e-mail off in your notification settings.
        </p>
      </EmailLayout>,
    ),
    text: `Your inbox this morning\n\n${lines.join('\n')}\n${input.url}\n\nYou can turn this e-mail off in your notification settings.`,
  };
}
