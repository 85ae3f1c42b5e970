import { ExternalLink, FileDown, ReceiptText } from 'lucide-react';
import type { Invoice, InvoiceStatus } from '#shared/contracts/billing.contract.ts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { formatDate, formatMoney } from '../lib/format.ts';

// Invoices with amount, status and links to the provider's page and PDF (docs/decisions/094): a
// table on wide screens, a stacked list on phones.

const STATUS: Record<InvoiceStatus, { text: string; tone: BadgeVariant }> = {
  paid: { text: 'Paid', tone: 'success' },
  open: { text: 'Open', tone: 'warning' },
  draft: { text: 'Draft', tone: 'secondary' },
  void: { text: 'Void', tone: 'outline' },
  uncollectible: { text: 'Uncollectible', tone: 'destructive' },
};

/** What the invoice is for: what was paid once paid, else what is due. */
function amountOf(invoice: Invoice): string {
  const amount = invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue;
  return formatMoney(amount, invoice.currency);
}

function nameOf(invoice: Invoice): string {
  return invoice.number ?? formatDate(invoice.createdAt);
}

function StatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge variant={STATUS[status].tone}>{STATUS[status].text}</Badge>;
}

function Links({ invoice }: { invoice: Invoice }) {
  const name = nameOf(invoice);
  return (
    <span className="inline-flex gap-3">
      {invoice.hostedUrl ? (
        <a
          href={invoice.hostedUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View invoice ${name}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline"
        >
          <ExternalLink aria-hidden className="size-3.5" /> View
        </a>
      ) : null}
      {invoice.pdfUrl ? (
        <a
          href={invoice.pdfUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`PDF of invoice ${name}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline"
        >
          <FileDown aria-hidden className="size-3.5" /> PDF
        </a>
      ) : null}
    </span>
  );
}

export function InvoicesSection({ invoices }: { invoices: Invoice[] }) {
  return (
    <section className="grid gap-3" aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className="text-lg font-semibold">
        Invoices
      </h2>
      {invoices.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title="No invoices yet"
          description="Each payment's invoice shows here, with a PDF to download."
        />
      ) : (
        <Card className="overflow-hidden">
          <table className="hidden w-full text-sm md:table" aria-labelledby="invoices-heading">
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Number
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Description
                </th>
                <th scope="col" className="px-4 py-2.5 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  <span className="sr-only">Links</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDate(invoice.createdAt)}</td>
                  <td className="px-4 py-3 font-mono text-xs">{invoice.number ?? '—'}</td>
                  <td className="px-4 py-3 text-muted-foreground">{invoice.description ?? '—'}</td>
                  <td className="px-4 py-3 text-right font-medium tabular-nums">
                    {amountOf(invoice)}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={invoice.status} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Links invoice={invoice} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-border md:hidden" aria-label="Invoices">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="grid gap-1.5 p-4">
                <div className="flex items-center justify-between gap-3">
                  <span className="font-medium tabular-nums">{amountOf(invoice)}</span>
                  <StatusBadge status={invoice.status} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {formatDate(invoice.createdAt)}
                  {invoice.number ? ` · ${invoice.number}` : ''}
                </p>
                {invoice.description ? <p className="text-sm">{invoice.description}</p> : null}
                <Links invoice={invoice} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
