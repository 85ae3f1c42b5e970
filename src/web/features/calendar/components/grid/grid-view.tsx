import { Link, useSearchParams } from 'react-router';
import { Clapperboard, Copy, Grid3x3 } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadError, LoadingRows } from '../../../../components/ui/query-status.tsx';
import { appPaths } from '../../../../lib/app-paths.ts';
import { useConnections } from '../../../platforms/index.ts';
import { GridAccountPicker, gridPanelId, gridTabId } from './grid-account-picker.tsx';
import { GridPanel } from './grid-panel.tsx';

// The calendar's Grid view (/dashboard/calendar?view=grid, docs/decisions/078): an Instagram
// account's profile grid as the phone shows it, the planned posts above the published ones, so a
// business sees how its next posts will sit before they go out. ?account= names the account (the
// Queue view reads the same parameter).

const ACCOUNT_PARAM = 'account';

function Guide({ canEdit }: { canEdit: boolean }) {
  return (
    <aside
      aria-label="How the grid works"
      className="grid content-start gap-3 rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground"
    >
      <h3 className="text-sm font-semibold text-foreground">How the grid works</h3>
      <p>
        Newest first, as on the profile. Posts you have planned for this account sit above what
        Instagram shows today, each with the time it goes out.
      </p>
      <ul className="grid gap-2">
        <li className="flex items-center gap-2">
          <span className="rounded-full bg-primary px-1.5 py-0.5 text-[0.6875rem] font-semibold text-primary-foreground">
            Scheduled
          </span>
          goes out at its time
        </li>
        <li className="flex items-center gap-2">
          <span className="rounded-full border border-dashed border-slate-400 bg-white px-1.5 py-0.5 text-[0.6875rem] font-semibold text-slate-700">
            Draft
          </span>
          has a date, not scheduled yet
        </li>
        <li className="flex items-center gap-2">
          <Clapperboard aria-hidden className="size-4 text-foreground" /> reel
          <Copy aria-hidden className="ml-2 size-4 -scale-x-100 text-foreground" /> carousel
        </li>
      </ul>
      {canEdit ? (
        <p>
          To change the order, drag a planned post onto another, or focus it and use its arrow
          buttons: the two posts swap their times, so the grid and the calendar always agree.
          Published posts stay where they are.
        </p>
      ) : null}
    </aside>
  );
}

export function GridView({
  userId,
  timeZone,
  canEdit,
  onOpenPost,
}: {
  userId: string | null;
  timeZone: string;
  canEdit: boolean;
  onOpenPost(id: string): void;
}) {
  const connections = useConnections();
  const [params, setParams] = useSearchParams();
  if (connections.isPending || !userId) {
    return <LoadingRows label="Loading the grid" rows={3} rowClassName="h-24 rounded-xl" />;
  }
  if (connections.isError) {
    return (
      <LoadError
        title="Your accounts could not be loaded"
        error={connections.error}
        retrying={connections.isFetching}
        onRetry={connections.refetch}
      />
    );
  }
  const accounts = connections.data.filter(
    (c) => c.platform === 'instagram' && c.status === 'connected',
  );
  if (accounts.length === 0) {
    return (
      <EmptyState
        icon={Grid3x3}
        title="Connect an Instagram account to see its grid"
        description="The grid shows your profile as people see it on their phone, with the posts you have planned on top, so you can check how they sit together before they go out."
        action={
          <Button asChild>
            <Link to={appPaths.platforms}>Connect Instagram</Link>
          </Button>
        }
      />
    );
  }
  const account = accounts.find((a) => a.id === params.get(ACCOUNT_PARAM)) ?? accounts[0]!;
  const select = (id: string) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set(ACCOUNT_PARAM, id);
        return p;
      },
      { replace: true },
    );
  const several = accounts.length > 1;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      {several ? (
        <GridAccountPicker accounts={accounts} selected={account.id} onSelect={select} />
      ) : null}
      <div className="grid min-w-0 grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,600px)_minmax(0,1fr)]">
        <section
          id={gridPanelId}
          {...(several
            ? { role: 'tabpanel', 'aria-labelledby': gridTabId(account.id) }
            : { 'aria-label': `Instagram grid of @${account.username ?? account.name}` })}
          className="min-w-0 overflow-hidden rounded-xl border border-border bg-card shadow-xs"
        >
          <GridPanel
            key={account.id}
            userId={userId}
            account={account}
            timeZone={timeZone}
            canEdit={canEdit}
            onOpenPost={onOpenPost}
          />
        </section>
        <Guide canEdit={canEdit} />
      </div>
    </div>
  );
}
