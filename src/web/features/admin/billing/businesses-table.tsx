import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { AdminBillingRow } from '#shared/contracts/billing.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useAdminBusinesses } from './admin-billing-api.ts';
import { addonName, formatDate, planName } from './billing-format.ts';
import { BusinessDialog } from './business-dialog.tsx';
import { SearchForm } from '../components/search-form.tsx';

function BusinessRow({ row, onOpen }: { row: AdminBillingRow; onOpen: () => void }) {
  const who = row.businessName ?? row.email ?? row.businessId;
  return (
    <tr
      className={cn(
        'border-b border-border align-top last:border-0',
        row.problem && 'bg-destructive/5',
      )}
    >
      <td className="py-3 pr-4">
        <p className="font-medium text-foreground">{row.businessName ?? '—'}</p>
        <p className="text-sm break-all text-muted-foreground">{row.email ?? '—'}</p>
        {row.problem ? (
          <p role="note" className="mt-1 text-sm font-medium text-destructive">
            {row.problem}
          </p>
        ) : null}
      </td>
      <td className="py-3 pr-4">
        <div className="flex flex-wrap items-center gap-1">
          <span className="font-medium">{planName(row.plan)}</span>
          {row.grants.some((g) => g.kind === 'plan') ? (
            <Badge variant="outline">granted</Badge>
          ) : null}
        </div>
        {row.interval ? (
          <p className="text-xs text-muted-foreground">
            {row.interval === 'year' ? 'Yearly' : 'Monthly'}
          </p>
        ) : null}
      </td>
      <td className="py-3 pr-4">
        <Badge variant={row.status === 'active' ? 'success' : 'destructive'}>
          {row.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
        {row.providerStatus ? (
          <p className="mt-1 text-xs text-muted-foreground">Stripe: {row.providerStatus}</p>
        ) : null}
      </td>
      <td className="py-3 pr-4">
        {row.addons.length === 0 ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <div className="flex flex-wrap gap-1">
            {row.addons.map((addon) => (
              <Badge key={addon} variant="secondary">
                {addonName(addon)}
              </Badge>
            ))}
          </div>
        )}
      </td>
      <td className="py-3 pr-4 whitespace-nowrap">
        <p>{formatDate(row.renewsAt)}</p>
        {row.pastDueSince ? (
          <Badge variant="warning" className="mt-1">
            Past due since {formatDate(row.pastDueSince)}
          </Badge>
        ) : null}
      </td>
      <td className="py-3 text-right">
        <Button variant="outline" size="sm" onClick={onOpen} aria-label={`Billing of ${who}`}>
          Manage
        </Button>
      </td>
    </tr>
  );
}

export function BusinessesTable() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const businesses = useAdminBusinesses(q, page);
  const data = businesses.data;
  const selected = data?.rows.find((row) => row.businessId === open) ?? null;

  return (
    <div className="grid gap-4">
      <SearchForm
        id="billing-search"
        label="Search businesses"
        placeholder="Search by e-mail, business or Stripe customer"
        onSearch={(search) => {
          setQ(search);
          setPage(1);
        }}
      />
      {businesses.isPending ? (
        <Skeleton className="h-64" />
      ) : businesses.isError ? (
        <Alert variant="destructive">
          <p>{userMessageOf(businesses.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => businesses.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data!.rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">
          {q ? `No businesses match “${q}”.` : 'No businesses yet.'}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-border bg-card">
          <table className="w-full min-w-[760px] text-left text-sm">
            <caption className="sr-only">Billing of each business</caption>
            <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Business
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Add-ons
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Renewal
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="[&_td:first-child]:px-4 [&_td:last-child]:pr-4">
              {data!.rows.map((row) => (
                <BusinessRow
                  key={row.businessId}
                  row={row}
                  onOpen={() => setOpen(row.businessId)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 ? (
        <nav
          aria-label="Pages"
          className="flex flex-wrap items-center justify-between gap-2 text-sm"
        >
          <span className="text-muted-foreground">
            {(data.page - 1) * data.pageSize + 1}–{Math.min(data.page * data.pageSize, data.total)}{' '}
            of {data.total}
          </span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(Math.max(1, page - 1))}
            >
              <ChevronLeft aria-hidden className="size-4" />
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page * data.pageSize >= data.total}
              onClick={() => setPage(page + 1)}
            >
              Next
              <ChevronRight aria-hidden className="size-4" />
            </Button>
          </div>
        </nav>
      ) : null}
      {selected && data ? (
        <BusinessDialog row={selected} mode={data.mode} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
