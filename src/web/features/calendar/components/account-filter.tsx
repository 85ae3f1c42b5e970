import { useEffect, useId, useMemo } from 'react';
import { ChevronDown } from 'lucide-react';
import { MAX_ACCOUNT_FILTER } from '#shared/contracts/calendar.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { PLATFORM_LABELS, PlatformIcon, useConnections } from '../../platforms/index.ts';
import { accountLabel } from '#shared/account-label.ts';

// The calendar's account filter (decision 076): the business's Facebook Pages and Instagram
// accounts, several at a time. An account that was disconnected is still offered, because its
// past posts are still on the calendar. Nothing is drawn until there is an account to offer.

interface AccountFilterProps {
  value: readonly string[];
  onChange(accountIds: string[]): void;
}

/** Connected accounts first, then disconnected ones; the API's platform and name order within. */
export function accountsToOffer(connections: readonly Connection[]): Connection[] {
  return [
    ...connections.filter((c) => c.status === 'connected'),
    ...connections.filter((c) => c.status !== 'connected'),
  ];
}

/**
 * What the closed picker says: every account, how many, or the one account (an Instagram account
 * by its @username, since a Page and its Instagram account usually share a name).
 */
export function accountSummary(
  accounts: readonly Connection[],
  value: readonly string[],
): { text: string; only: Connection | null } {
  const chosen = accounts.filter((a) => value.includes(a.id));
  if (chosen.length === 0) return { text: 'All accounts', only: null };
  if (chosen.length > 1) return { text: `${chosen.length} accounts`, only: null };
  const only = chosen[0]!;
  return { text: accountLabel(only), only };
}

export function AccountFilter({ value, onChange }: AccountFilterProps) {
  const connections = useConnections();
  const accounts = useMemo(() => accountsToOffer(connections.data ?? []), [connections.data]);
  const labelId = useId();
  const valueId = useId();

  // An account that is gone (removed, or another business chosen) leaves the filter.
  useEffect(() => {
    if (!connections.data) return;
    const known = value.filter((id) => accounts.some((a) => a.id === id));
    if (known.length !== value.length) onChange(known);
  }, [connections.data, accounts, value, onChange]);

  if (accounts.length === 0) return null;
  const summary = accountSummary(accounts, value);
  const full = value.length >= MAX_ACCOUNT_FILTER;
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...value, id] : value.filter((v) => v !== id);
    // In the order shown, so the same choice is always the same query.
    onChange(accounts.map((a) => a.id).filter((a) => next.includes(a)));
  };

  return (
    <div className="grid gap-1.5">
      <Label id={labelId} htmlFor="calendar-filter-accounts">
        Accounts
      </Label>
      <DropdownMenu>
        <DropdownMenuTrigger
          id="calendar-filter-accounts"
          aria-labelledby={`${labelId} ${valueId}`}
          className={cn(
            inputClasses,
            'h-9 w-auto max-w-64 min-w-36 items-center justify-between gap-2 text-left',
          )}
        >
          {/* The button's name: "Accounts", then the choice with its platform in words. */}
          <span id={valueId} hidden>
            {summary.only
              ? `${PLATFORM_LABELS[summary.only.platform]} ${summary.text}`
              : summary.text}
          </span>
          <span className="flex min-w-0 items-center gap-1.5">
            {summary.only ? (
              <PlatformIcon platform={summary.only.platform} className="size-4 shrink-0" />
            ) : null}
            <span className="truncate">{summary.text}</span>
          </span>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          className="max-h-80 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto"
        >
          <DropdownMenuLabel className="text-xs text-muted-foreground">
            Show posts going to
            {full ? ` (up to ${MAX_ACCOUNT_FILTER} accounts at a time)` : ''}
          </DropdownMenuLabel>
          {accounts.map((account) => {
            const checked = value.includes(account.id);
            const details = [
              PLATFORM_LABELS[account.platform],
              account.username ? `@${account.username}` : null,
              account.status === 'connected' ? null : 'Disconnected',
            ].filter((d) => d !== null);
            return (
              <DropdownMenuCheckboxItem
                key={account.id}
                // Names alone can repeat across platforms: the platform is part of the name.
                aria-label={[account.name, ...details].join(', ')}
                checked={checked}
                disabled={!checked && full}
                // Stays open: several accounts are usually chosen in a row.
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(on) => toggle(account.id, on === true)}
              >
                <PlatformIcon platform={account.platform} className="size-5 shrink-0" />
                <span className="grid min-w-0 leading-tight">
                  <span className="truncate font-medium text-foreground">{account.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {details.join(' · ')}
                  </span>
                </span>
              </DropdownMenuCheckboxItem>
            );
          })}
          {value.length > 0 ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => onChange([])}>Show all accounts</DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
