import { useCallback, useMemo } from 'react';
import { Megaphone, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { accountLabel } from '#shared/account-label.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { useConnections } from '../../platforms/index.ts';
import { useCampaignList } from '../api/use-campaign-queries.ts';
import { CampaignCard } from '../components/campaign-card.tsx';
import { ListFilters } from '../components/list-filters.tsx';

// The campaign list (docs/product/screens.md#campaigns): every campaign with its status, dates,
// accounts and progress; search, status filter and pages live in the address.

const EXPLAINER =
  'A campaign plans a run of posts around one goal: say what it is for and who it is for, pick the dates, accounts and how often to post, and get a plan of posts to edit. Add the media each post needs from your library, then launch it to schedule every post on your calendar.';

function NewCampaignLink() {
  return (
    <Link to="/dashboard/campaigns/new" className={buttonClasses()}>
      <Plus aria-hidden className="size-4" />
      New campaign
    </Link>
  );
}

export default function CampaignsPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const status = search.get('status') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const params = useMemo(() => ({ q, status, page }), [q, status, page]);
  const query = useCampaignList(params);
  const connections = useConnections();
  const accountNames = useMemo(
    () => new Map((connections.data ?? []).map((c) => [c.id, accountLabel(c)])),
    [connections.data],
  );

  const change = useCallback(
    (changes: Record<string, string>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const onSearch = useCallback((value: string) => change({ q: value, page: '' }), [change]);
  const filtered = q !== '' || status !== '';
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Campaigns"
        description="Plan a run of posts around one goal, then launch it onto your calendar."
        actions={<NewCampaignLink />}
      />
      {data && data.total === 0 && !filtered ? null : (
        <ListFilters
          q={q}
          status={status}
          onSearch={onSearch}
          onStatus={(value) => change({ status: value, page: '' })}
        />
      )}
      <QueryContent
        query={query}
        loading={{ label: 'Loading campaigns', rows: 3, rowClassName: 'h-32 w-full' }}
        errorTitle="The campaigns could not be loaded"
        isEmpty={(list) => list.items.length === 0}
        empty={
          filtered ? (
            <EmptyState
              icon={Megaphone}
              title="No campaign matches"
              description="Try another name or status."
            />
          ) : (
            <EmptyState
              icon={Megaphone}
              title="No campaigns yet"
              description={EXPLAINER}
              action={<NewCampaignLink />}
            />
          )
        }
      >
        {(list) => (
          <ul
            aria-label="Campaigns"
            className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
          >
            {list.items.map((campaign) => (
              <CampaignCard key={campaign.id} campaign={campaign} accountNames={accountNames} />
            ))}
          </ul>
        )}
      </QueryContent>
      <Pager page={page} pages={pages} onPage={(n) => change({ page: String(n) })} />
    </div>
  );
}
