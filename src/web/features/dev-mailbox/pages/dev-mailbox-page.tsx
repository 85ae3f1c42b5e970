import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, Inbox, Mail } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  mailboxClosed,
  useMailbox,
  useMailboxMessage,
  type MailboxMessage,
} from '../api/dev-mailbox.ts';
import {
  keyFromHash,
  MailboxAbsent,
  MailboxLocked,
  useUnlockFromAddress,
} from '../components/mailbox-lock.tsx';

export const MAILBOX_BANNER =
  'Development mailbox — e-mails are not sent while no SMTP server is configured';

/**
 * Links in a sandboxed frame would open inside the frame; `<base target="_top">` makes a click on
 * a confirmation link load in this tab, which the sandbox allows only on a user's click.
 */
export function mailHtmlForFrame(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : `${base}${html}`;
}

export function linksIn(text: string): string[] {
  // Sentence punctuation right after a link belongs to the sentence, not the address.
  const found = (text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((link) =>
    link.replace(/[.,;:!?]+$/, ''),
  );
  return [...new Set(found)];
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

function MessageView({ message }: { message: MailboxMessage }) {
  const links = linksIn(message.text || message.html);
  return (
    <div className="flex h-full flex-col gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold break-words text-foreground">{message.subject}</h2>
        <p className="text-sm text-muted-foreground">
          To <span className="font-medium text-foreground">{message.to}</span> ·{' '}
          {formatTime(message.createdAt)}
        </p>
      </div>
      {links.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <p className="font-medium text-foreground">Links in this e-mail</p>
          <ul className="grid gap-1">
            {links.map((href) => (
              <li key={href} className="min-w-0">
                <a
                  href={href}
                  className="inline-flex max-w-full items-center gap-1 text-link hover:underline"
                >
                  <span className="truncate">{href}</span>
                  <ExternalLink aria-hidden className="size-3.5 shrink-0" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <iframe
        title={`E-mail: ${message.subject}`}
        srcDoc={mailHtmlForFrame(message.html)}
        sandbox="allow-top-navigation-by-user-activation allow-popups"
        className="min-h-[28rem] w-full flex-1 rounded-lg border border-border bg-white"
      />
    </div>
  );
}

export default function DevMailboxPage() {
  useDocumentTitle('Development mailbox - Soci Gen');
  const [keyInAddress] = useState(() => keyFromHash(window.location.hash) !== null);
  const unlock = useUnlockFromAddress();
  // With a key in the address, ask for the list once the key has been traded for a cookie.
  const mailbox = useMailbox(!unlock.isPending && !(keyInAddress && unlock.isIdle));
  const closed = mailbox.isError ? mailboxClosed(mailbox.error) : null;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const activeId = selectedId ?? mailbox.data?.[0]?.id ?? null;
  const message = useMailboxMessage(activeId);

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className="rounded-md text-foreground" aria-label="Soci Gen home">
            <Logo />
          </Link>
          {closed === null ? (
            <span className="inline-flex items-center gap-2 text-xs text-muted-foreground">
              {mailbox.isFetching ? <Spinner size="sm" /> : null}
              Refreshes every 3 seconds
            </span>
          ) : null}
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6">
        <Alert variant="warning" title={MAILBOX_BANNER} />
        {closed === 'locked' ? <MailboxLocked unlock={unlock} /> : null}
        {closed === 'absent' ? <MailboxAbsent /> : null}
        {closed === null ? (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
            <Card className="overflow-hidden">
              <h1 className="flex items-center gap-2 border-b border-border px-4 py-3 text-base font-semibold">
                <Inbox aria-hidden className="size-4" /> Inbox
                {mailbox.data ? <Badge variant="secondary">{mailbox.data.length}</Badge> : null}
              </h1>
              {mailbox.isPending ? (
                <div className="grid gap-2 p-4">
                  {[0, 1, 2].map((key) => (
                    <Skeleton key={key} className="h-12" />
                  ))}
                </div>
              ) : mailbox.isError ? (
                <div className="p-4">
                  <Alert variant="destructive" title="The mailbox could not be loaded">
                    {userMessageOf(mailbox.error)}
                  </Alert>
                </div>
              ) : mailbox.data.length === 0 ? (
                <div className="p-4">
                  <EmptyState
                    icon={Mail}
                    title="No e-mails yet"
                    description="Sign up or ask for a password reset and the e-mail appears here."
                  />
                </div>
              ) : (
                <ul className="max-h-[70vh] divide-y divide-border overflow-y-auto">
                  {mailbox.data.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        onClick={() => setSelectedId(item.id)}
                        aria-current={item.id === activeId ? 'true' : undefined}
                        className={cn(
                          'grid w-full gap-0.5 px-4 py-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                          item.id === activeId ? 'bg-secondary' : '',
                        )}
                      >
                        <span className="truncate text-sm font-medium text-foreground">
                          {item.subject}
                        </span>
                        <span className="truncate text-xs text-muted-foreground">{item.to}</span>
                        <span className="text-xs text-muted-foreground">
                          {formatTime(item.createdAt)}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card className="min-h-[32rem] p-4 sm:p-6">
              {activeId === null ? (
                <EmptyState
                  icon={Mail}
                  title="Choose an e-mail"
                  description="Its content appears here, links included."
                />
              ) : message.isPending ? (
                <div className="flex h-full items-center justify-center">
                  <Spinner size="lg" label="Loading e-mail" className="text-primary" />
                </div>
              ) : message.isError ? (
                <Alert variant="destructive" title="This e-mail could not be loaded">
                  {userMessageOf(message.error)}
                </Alert>
              ) : (
                <MessageView message={message.data} />
              )}
            </Card>
          </div>
        ) : null}
      </main>
    </div>
  );
}
