import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminAccount } from '#shared/contracts/admin.contract.ts';
import { DEFAULT_USER_PAGE_SIZE } from '#shared/contracts/account.contract.ts';
import { PLAN_IDS, PLANS, type PlanId } from '#shared/plans.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useAuth } from '../../auth/index.ts';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { SearchForm } from './search-form.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function AccountRow({ account, self }: { account: AdminAccount; self: boolean }) {
  const queryClient = useQueryClient();
  const who = account.email ?? account.full_name ?? account.id;
  const done = async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
  const onError = (error: unknown) => toast.error(userMessageOf(error));
  const status = useMutation({
    mutationFn: (next: 'active' | 'inactive') => adminApi.setStatus(account.id, next),
    onSuccess: (_r, next) => done(`${who} is now ${next}.`),
    onError,
  });
  const plan = useMutation({
    mutationFn: (next: PlanId) => adminApi.setPlan(account.id, next),
    onSuccess: (_r, next) => done(`${who} is now on ${PLANS[next].name}.`),
    onError,
  });
  const isAdmin = account.roles.includes('admin');
  const role = useMutation({
    mutationFn: () =>
      isAdmin ? adminApi.removeAdmin(account.id) : adminApi.assignAdmin(account.id),
    onSuccess: () =>
      done(isAdmin ? `${who} is no longer an administrator.` : `${who} is now an administrator.`),
    onError,
  });
  const busy = status.isPending || plan.isPending || role.isPending;
  const planId = `plan-${account.id}`;
  const statusId = `status-${account.id}`;

  return (
    <tr className="border-b border-border align-top last:border-0">
      <td className="py-3 pr-4">
        <p className="font-medium text-foreground">{account.email ?? '—'}</p>
        <p className="text-sm text-muted-foreground">
          {[account.full_name, account.business_name].filter(Boolean).join(' · ') || '—'}
        </p>
        <p className="text-xs text-muted-foreground">
          Joined {dateFormat.format(new Date(account.created_at))}
        </p>
      </td>
      <td className="py-3 pr-4">
        <label htmlFor={planId} className="sr-only">
          Plan of {who}
        </label>
        <div className="w-32 shrink-0">
          <select
            id={planId}
            className={inputClasses}
            value={account.plan ?? ''}
            disabled={busy || account.plan === null}
            onChange={(event) => plan.mutate(event.target.value as PlanId)}
          >
            {account.plan === null ? <option value="">No plan</option> : null}
            {PLAN_IDS.map((id) => (
              <option key={id} value={id}>
                {PLANS[id].name}
              </option>
            ))}
          </select>
        </div>
        {account.subscription_status === 'inactive' ? (
          <Badge variant="destructive" className="mt-1">
            Subscription inactive
          </Badge>
        ) : null}
      </td>
      <td className="py-3 pr-4">
        <label htmlFor={statusId} className="sr-only">
          Status of {who}
        </label>
        <div className="w-28 shrink-0">
          <select
            id={statusId}
            className={inputClasses}
            value={account.status}
            disabled={busy || self}
            onChange={(event) => status.mutate(event.target.value as 'active' | 'inactive')}
          >
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
      </td>
      <td className="py-3 pr-4">
        <div className="flex flex-wrap gap-1">
          {account.roles.length === 0 ? (
            <span className="text-sm text-muted-foreground">—</span>
          ) : (
            account.roles.map((name) => (
              <Badge key={name} variant={name === 'admin' ? 'default' : 'secondary'}>
                {name === 'admin' ? 'Administrator' : name === 'tenant_staff' ? 'Staff' : name}
              </Badge>
            ))
          )}
        </div>
      </td>
      <td className="py-3 text-right">
        <Button
          variant="outline"
          size="sm"
          disabled={busy || (self && isAdmin)}
          onClick={() => role.mutate()}
        >
          {isAdmin ? 'Remove admin' : 'Make admin'}
        </Button>
      </td>
    </tr>
  );
}

export function UsersPanel() {
  const user = useAuth().user!;
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const limit = DEFAULT_USER_PAGE_SIZE;
  const accounts = useQuery({
    queryKey: adminKeys.accounts(user.id, search, offset),
    queryFn: ({ signal }) => adminApi.accounts({ search, limit, offset }, signal),
    placeholderData: keepPreviousData,
  });
  const total = accounts.data?.total ?? 0;

  return (
    <div className="grid gap-4">
      <SearchForm
        id="admin-search"
        label="Search users"
        placeholder="Search by e-mail, name or business"
        onSearch={(next) => {
          setSearch(next);
          setOffset(0);
        }}
      />
      {accounts.isPending ? (
        <Skeleton className="h-64" />
      ) : accounts.isError ? (
        <Alert variant="destructive">
          <p>{userMessageOf(accounts.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => accounts.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : accounts.data.items.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No users match “{search}”.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-border bg-card">
          {/* `relative`: its screen-reader-only labels are absolute, and would otherwise sit past
              a phone's edge and widen the page (docs/decisions/090). */}
          <table className="w-full min-w-[760px] text-left text-sm">
            <caption className="sr-only">Users</caption>
            <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  User
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Roles
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="[&_td:first-child]:px-4 [&_td:last-child]:pr-4">
              {accounts.data.items.map((account) => (
                <AccountRow key={account.id} account={account} self={account.id === user.id} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > 0 ? (
        <nav
          aria-label="Pages"
          className="flex flex-wrap items-center justify-between gap-2 text-sm"
        >
          <span className="text-muted-foreground">
            {offset + 1}–{Math.min(offset + limit, total)} of {total}
          </span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - limit))}
            >
              <ChevronLeft aria-hidden className="size-4" />
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={offset + limit >= total}
              onClick={() => setOffset(offset + limit)}
            >
              Next
              <ChevronRight aria-hidden className="size-4" />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
