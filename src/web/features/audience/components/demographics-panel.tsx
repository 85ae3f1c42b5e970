import type { DemographicSet } from '#shared/contracts/analytics.contract.ts';
import { CONTACT_STAGES, INBOX_PLATFORMS_LIST } from '../lib/lists.ts';
import { accountLabel } from '#shared/account-label.ts';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { useDemographics } from '../../analytics/index.ts';
import { useConnections } from '../../platforms/index.ts';
import type { ContactList } from '../api/audience-api.ts';
import { PLATFORM_NAMES } from '../lib/format.ts';
import { STAGE_LABELS } from '../lib/fields.ts';

// The demographics overview (docs/product/screens.md#audience): what the platforms report about
// the connected accounts' followers (the analytics area's stored figures), beside what the
// business's own contacts show. The contacts' side is counted from the list's first page, and
// says so.

const TOP = 3;

function top(set: DemographicSet | undefined): string | null {
  if (!set || set.unavailableReason || set.values.length === 0) return null;
  const total = set.values.reduce((sum, v) => sum + v.value, 0) || 1;
  return [...set.values]
    .sort((a, b) => b.value - a.value)
    .slice(0, TOP)
    .map((v) => `${v.key} ${Math.round((v.value / total) * 100)}%`)
    .join(', ');
}

function AccountFigures({ name, sets }: { name: string; sets: DemographicSet[] }) {
  const of = (breakdown: DemographicSet['breakdown']) =>
    sets.find((s) => s.breakdown === breakdown);
  const reason = sets.find((s) => s.unavailableReason)?.unavailableReason;
  const rows = [
    ['Top countries', top(of('country'))],
    ['Top cities', top(of('city'))],
    ['Age', top(of('age'))],
    ['Gender', top(of('gender'))],
  ].filter((row): row is [string, string] => row[1] !== null);
  return (
    <li className="grid gap-1">
      <h4 className="text-sm font-medium">{name}</h4>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {reason ?? 'The platform gave no figures for this account.'}
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

function FollowerSide() {
  const query = useDemographics('all');
  const connections = useConnections();
  const names = new Map((connections.data ?? []).map((c) => [c.id, accountLabel(c)]));
  if (query.isError) {
    return (
      <LoadError
        title="The followers' figures could not be loaded"
        error={query.error}
        retrying={query.isFetching}
        onRetry={query.refetch}
      />
    );
  }
  if (!query.data)
    return (
      <LoadingRows label="Loading the followers' figures" rows={2} rowClassName="h-6 w-full" />
    );
  const followers = query.data.sets.filter((s) => s.audience === 'followers');
  const accounts = [...new Set(followers.map((s) => s.accountId))];
  if (accounts.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No follower figures yet: they appear after the next sync of your connected accounts.
      </p>
    );
  }
  return (
    <ul className="grid gap-3">
      {accounts.map((id) => (
        <AccountFigures
          key={id}
          name={names.get(id) ?? 'A connected account'}
          sets={followers.filter((s) => s.accountId === id)}
        />
      ))}
    </ul>
  );
}

function ContactSide({ list }: { list: ContactList | undefined }) {
  if (!list)
    return (
      <LoadingRows label="Loading your contacts' figures" rows={2} rowClassName="h-6 w-full" />
    );
  if (list.total === 0) {
    return <p className="text-sm text-muted-foreground">No contacts yet.</p>;
  }
  const items = list.items;
  const byPlatform = INBOX_PLATFORMS_LIST.map(
    (p) => [PLATFORM_NAMES[p], items.filter((c) => c.platforms.includes(p)).length] as const,
  );
  const byStage = CONTACT_STAGES.map(
    (s) => [STAGE_LABELS[s], items.filter((c) => c.stage === s).length] as const,
  ).filter(([, n]) => n > 0);
  const partial = list.total > items.length;
  return (
    <div className="grid gap-2 text-sm">
      <p>
        {list.total} {list.total === 1 ? 'contact' : 'contacts'} in all.
        {partial ? ` Of the latest ${items.length}:` : ''}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {[...byPlatform, ...byStage].map(([label, n]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{n}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function DemographicsPanel({ contacts }: { contacts: ContactList | undefined }) {
  return (
    <section
      aria-label="Demographics"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 md:grid-cols-2"
    >
      <div className="grid content-start gap-2">
        <h3 className="font-semibold">Your followers</h3>
        <p className="text-xs text-muted-foreground">As the platforms report them.</p>
        <FollowerSide />
      </div>
      <div className="grid content-start gap-2">
        <h3 className="font-semibold">Your contacts</h3>
        <p className="text-xs text-muted-foreground">The people who commented or wrote to you.</p>
        <ContactSide list={contacts} />
      </div>
    </section>
  );
}
