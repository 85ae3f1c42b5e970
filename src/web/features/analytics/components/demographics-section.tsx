import { useState, type ReactNode } from 'react';
import { Users } from 'lucide-react';
import type { AnalyticsAccount, DemographicSet } from '#shared/contracts/analytics.contract.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDemographics } from '../api/use-analytics-queries.ts';
import { accountName, formatAt, formatValue } from '../lib/format.ts';
import { AccountPicker } from './account-picker.tsx';
import { BarList } from './bar-list.tsx';
import { ChartCard, DataTable } from './chart-card.tsx';

// Who follows and who engages, as the platform reports it for one account: age, gender, top
// cities and countries, each naming the platform's period and when it was fetched.

const BREAKDOWNS = [
  { key: 'age', title: 'Age', column: 'Age' },
  { key: 'gender', title: 'Gender', column: 'Gender' },
  { key: 'city', title: 'Top cities', column: 'City' },
  { key: 'country', title: 'Top countries', column: 'Country' },
] as const;
const AUDIENCES = [
  { key: 'followers', label: 'Followers' },
  { key: 'engaged', label: 'Engaged audience' },
] as const;
const TOP = 10;

export function DemographicsSection({
  account,
  accounts,
  timeZone,
}: {
  account: string;
  accounts: readonly AnalyticsAccount[];
  timeZone: string;
}) {
  const query = useDemographics(account);
  const [picked, setPicked] = useState<string | null>(null);
  const [audience, setAudience] = useState<'followers' | 'engaged'>('followers');
  const sets = query.data?.sets ?? [];
  const withSets = accounts.filter((a) => sets.some((s) => s.accountId === a.id));
  const shown =
    account !== 'all' ? account : (withSets.find((a) => a.id === picked) ?? withSets[0])?.id;
  const mine = sets.filter((s) => s.accountId === shown && s.audience === audience);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        {account === 'all' && withSets.length > 1 ? (
          <AccountPicker
            label="Audience of"
            accounts={withSets}
            value={shown ?? ''}
            onChange={setPicked}
            allowAll={false}
          />
        ) : null}
        {account === 'all' && withSets.length === 1 ? (
          <p className="text-sm text-muted-foreground">
            Audience of{' '}
            <span className="font-medium text-foreground">{accountName(withSets[0]!)}</span>
          </p>
        ) : null}
        <div
          role="group"
          aria-label="Audience"
          className="flex w-max gap-1 rounded-lg bg-muted p-1"
        >
          {AUDIENCES.map((a) => (
            <button
              key={a.key}
              type="button"
              aria-pressed={audience === a.key}
              onClick={() => setAudience(a.key)}
              className={cn(
                'h-7 rounded-md px-2.5 text-sm font-medium',
                audience === a.key
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {a.label}
            </button>
          ))}
        </div>
      </div>
      {query.isError ? (
        <LoadError
          title="The audience could not be loaded"
          error={query.error}
          retrying={query.isFetching}
          onRetry={query.refetch}
        />
      ) : !query.data ? (
        <LoadingRows label="Loading the audience" rows={2} rowClassName="h-40 w-full" />
      ) : mine.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No audience figures yet"
          description="The platform's audience breakdowns appear here after the next sync of this account."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {BREAKDOWNS.map((b) => {
            const set = mine.find((s) => s.breakdown === b.key);
            return set ? (
              <DemographicCard
                key={b.key}
                title={b.title}
                column={b.column}
                set={set}
                timeZone={timeZone}
              />
            ) : null;
          })}
        </div>
      )}
    </div>
  );
}

function DemographicCard({
  title,
  column,
  set,
  timeZone,
}: {
  title: string;
  column: string;
  set: DemographicSet;
  timeZone: string;
}) {
  const values =
    set.breakdown === 'age'
      ? [...set.values].sort((a, b) => a.key.localeCompare(b.key))
      : [...set.values]
          .sort((a, b) => b.value - a.value)
          .slice(0, set.breakdown === 'gender' ? undefined : TOP);
  const subtitle = `${set.periodLabel}${set.fetchedAt ? ` · fetched ${formatAt(set.fetchedAt, timeZone)}` : ''}`;
  const name = `${title}, ${set.audience === 'followers' ? 'followers' : 'engaged audience'}`;
  if (set.unavailableReason || values.length === 0) {
    return (
      <ChartCardStatic title={title} subtitle={subtitle}>
        {set.unavailableReason ?? 'The platform gave no figures for this period.'}
      </ChartCardStatic>
    );
  }
  return (
    <ChartCard
      title={title}
      subtitle={subtitle}
      chart={<BarList values={values} label={name} />}
      table={
        <DataTable
          caption={name}
          head={[column, 'People']}
          rows={values.map((v) => [v.key, formatValue(v.value, 'count')])}
        />
      }
    />
  );
}

function ChartCardStatic({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2 rounded-xl border border-border bg-card p-4">
      <h3 className="font-semibold">{title}</h3>
      <p className="text-xs text-muted-foreground">{subtitle}</p>
      <p className="rounded-md bg-muted/50 p-4 text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
