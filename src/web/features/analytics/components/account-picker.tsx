import { useId, type ReactNode } from 'react';
import { Check, ChevronDown, Users } from 'lucide-react';
import type { AnalyticsAccount } from '#shared/contracts/analytics.contract.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { PlatformIcon } from '../../platforms/index.ts';
import { accountName, PLATFORM_NAMES } from '../lib/format.ts';

/** All accounts, or one: each with its platform's icon and name. */
export function AccountPicker({
  accounts,
  value,
  onChange,
  label = 'Account',
  allowAll = true,
}: {
  accounts: readonly AnalyticsAccount[];
  value: string;
  onChange(account: string): void;
  label?: string;
  allowAll?: boolean;
}) {
  const labelId = useId();
  const valueId = useId();
  const chosen = accounts.find((a) => a.id === value) ?? null;
  const text = chosen ? accountName(chosen) : 'All accounts';
  return (
    <div className="grid gap-1">
      <span id={labelId} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-labelledby={`${labelId} ${valueId}`}
          className={cn(
            inputClasses,
            'h-9 w-auto max-w-64 min-w-40 items-center justify-between gap-2 text-left',
          )}
        >
          <span id={valueId} hidden>
            {chosen ? `${PLATFORM_NAMES[chosen.platform]} ${text}` : text}
          </span>
          <span className="flex min-w-0 items-center gap-1.5">
            {chosen ? (
              <PlatformIcon platform={chosen.platform} aria-hidden className="size-4 shrink-0" />
            ) : (
              <Users aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            )}
            <span className="truncate">{text}</span>
          </span>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-h-80 w-72 max-w-[calc(100vw-2rem)]">
          {allowAll ? (
            <PickerItem selected={value === 'all'} onSelect={() => onChange('all')}>
              <Users aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              All accounts
            </PickerItem>
          ) : null}
          {accounts.map((account) => (
            <PickerItem
              key={account.id}
              selected={value === account.id}
              onSelect={() => onChange(account.id)}
            >
              <PlatformIcon platform={account.platform} aria-hidden className="size-4 shrink-0" />
              <span className="grid min-w-0">
                <span className="truncate">{accountName(account)}</span>
                <span className="text-xs text-muted-foreground">
                  {PLATFORM_NAMES[account.platform]}
                  {account.simulated ? ' · simulated' : ''}
                </span>
              </span>
            </PickerItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function PickerItem({
  selected,
  onSelect,
  children,
}: {
  selected: boolean;
  onSelect(): void;
  children: ReactNode;
}) {
  return (
    <DropdownMenuItem onSelect={onSelect} aria-current={selected ? 'true' : undefined}>
      <span className="flex size-4 shrink-0 items-center justify-center">
        {selected ? <Check aria-hidden className="size-4 text-primary" /> : null}
      </span>
      {children}
    </DropdownMenuItem>
  );
}
