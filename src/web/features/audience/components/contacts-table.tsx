import { Link } from 'react-router';
import type { Contact } from '#shared/contracts/audience.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { PlatformIcon } from '../../platforms/index.ts';
import { contactUrl, lastInteraction, PLATFORM_NAMES, sentimentLabel } from '../lib/format.ts';
import { ContactAvatar } from './contact-avatar.tsx';

// The contacts as a table; on a phone each row reads as a card, its cells labelled inline.

const COLUMNS = [
  'Contact',
  'Platforms',
  'Last interaction',
  'Comments',
  'Messages',
  'Sentiment',
  'Tags',
] as const;

function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <td className="flex gap-2 px-3 py-1 text-sm md:table-cell md:py-2">
      <span aria-hidden className="w-32 shrink-0 text-muted-foreground md:hidden">
        {label}
      </span>
      {children}
    </td>
  );
}

export function ContactsTable({ contacts, timeZone }: { contacts: Contact[]; timeZone: string }) {
  return (
    <table aria-label="Contacts" className="block w-full md:table">
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b border-border text-left text-xs text-muted-foreground">
          {COLUMNS.map((column) => (
            <th key={column} scope="col" className="px-3 py-2 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group">
        {contacts.map((c) => (
          <tr
            key={c.id}
            className="grid rounded-xl border border-border py-2 md:table-row md:rounded-none md:border-0 md:border-b md:py-0"
          >
            <td className="px-3 py-1 md:py-2">
              <div className="flex items-center gap-2">
                <ContactAvatar name={c.name} pictureUrl={c.pictureUrl} />
                <div className="min-w-0">
                  <Link to={contactUrl(c.id)} className="font-medium text-link hover:underline">
                    {c.name}
                  </Link>
                  {c.handle ? (
                    <p className="truncate text-xs text-muted-foreground">@{c.handle}</p>
                  ) : null}
                </div>
              </div>
            </td>
            <Cell label="Platforms">
              <span className="flex gap-1.5">
                {c.platforms.map((p) => (
                  <span key={p} role="img" aria-label={PLATFORM_NAMES[p]}>
                    <PlatformIcon platform={p} aria-hidden className="size-4" />
                  </span>
                ))}
              </span>
            </Cell>
            <Cell label="Last interaction">{lastInteraction(c, timeZone)}</Cell>
            <Cell label="Comments">{c.commentCount}</Cell>
            <Cell label="Messages">{c.messageCount}</Cell>
            <Cell label="Sentiment">{sentimentLabel(c.sentiment)}</Cell>
            <Cell label="Tags">
              <span className="flex flex-wrap gap-1">
                {c.tags.length === 0 ? <span className="text-muted-foreground">None</span> : null}
                {c.tags.map((tag) => (
                  <Badge key={tag} variant="outline">
                    {tag}
                  </Badge>
                ))}
              </span>
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
