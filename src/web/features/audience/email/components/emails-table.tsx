import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { emailUrl, whenText } from '../lib/format.ts';
import { EmailStatusBadge } from './email-status-badge.tsx';

// The campaign e-mails as a table: name, segment, status, when, and what sending brought; on a
// phone each row reads as a card, its figures labelled inline (as the contacts table does).

const FIGURE_COLUMNS = ['Sent', 'Refused or bounced', 'Unsubscribed', 'Clicks'] as const;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="flex gap-2 px-4 py-1 text-sm tabular-nums md:table-cell md:py-3 md:text-right">
      <span aria-hidden className="w-40 shrink-0 text-muted-foreground md:hidden">
        {label}
      </span>
      {children}
    </td>
  );
}

export function EmailsTable({ emails, timeZone }: { emails: EmailCampaign[]; timeZone: string }) {
  return (
    <table aria-label="E-mails" className="block w-full md:table">
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b border-border text-left text-xs text-muted-foreground">
          <th scope="col" className="px-4 py-2 font-medium">
            E-mail
          </th>
          <th scope="col" className="px-4 py-2 font-medium">
            Status
          </th>
          {FIGURE_COLUMNS.map((column) => (
            <th key={column} scope="col" className="px-4 py-2 text-right font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group">
        {emails.map((email) => {
          // Figures mean something once sending began; before, a dash.
          const began = email.status !== 'draft' && email.status !== 'scheduled';
          const figure = (value: number) => (began ? value.toLocaleString() : '—');
          const f = email.figures;
          return (
            <tr
              key={email.id}
              className="grid rounded-xl border border-border bg-card py-2 align-top md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:py-0"
            >
              <td className="px-4 py-1 md:py-3">
                <Link to={emailUrl(email.id)} className="font-medium text-link hover:underline">
                  {email.name}
                </Link>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {email.segmentName ?? (email.segmentId ? 'Deleted segment' : 'No segment yet')}
                </p>
              </td>
              <td className="px-4 py-1 md:py-3">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 md:grid md:justify-items-start">
                  <EmailStatusBadge status={email.status} />
                  <span className="text-xs text-muted-foreground">{whenText(email, timeZone)}</span>
                </div>
              </td>
              <Figure label="Sent">{figure(f.sent)}</Figure>
              <Figure label="Refused or bounced">{figure(f.refused + f.bounced)}</Figure>
              <Figure label="Unsubscribed">{figure(f.unsubscribed)}</Figure>
              <Figure label="Clicks">{email.clickTracking ? figure(f.clicks) : 'Off'}</Figure>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
