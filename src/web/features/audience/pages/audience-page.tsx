import { useCallback, useMemo, useState } from 'react';
import { Download, RefreshCw, Upload, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { cn } from '../../../lib/cn.ts';
import { reportError } from '../../../lib/errors.ts';
import { useAuth } from '../../auth/index.ts';
import { useRefreshContacts } from '../api/use-audience-actions.ts';
import { useContacts, useSegments } from '../api/use-audience-queries.ts';
import { contactsCsvUrl } from '../api/paths.ts';
import { FeatureGate } from '../../subscription/index.ts';
import { CrmBoard } from '../components/crm-board.tsx';
import { ContactFilters } from '../components/contact-filters.tsx';
import { ContactsTable } from '../components/contacts-table.tsx';
import { DemographicsPanel } from '../components/demographics-panel.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { EmailsTab } from '../email/components/emails-tab.tsx';
import { NewSegmentLink, SegmentsList } from '../components/segments-list.tsx';

// The audience (docs/product/screens.md#audience): the contacts made from the inbox, with search,
// a saved segment as filter, pages, CSV export and "Refresh from the inbox"; the saved segments;
// and the demographics overview. Tab, search, segment and page live in the address.

const TABS = [
  { key: 'contacts', label: 'Contacts' },
  { key: 'segments', label: 'Segments' },
  { key: 'board', label: 'Board' },
  { key: 'emails', label: 'E-mails' },
] as const;

export default function AudiencePage() {
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((t) => t.key === search.get('tab'))?.key ?? 'contacts';
  const q = search.get('q') ?? '';
  const segmentId = search.get('segment') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const params = useMemo(() => ({ q, segmentId, page }), [q, segmentId, page]);
  const contacts = useContacts(params);
  const latest = useContacts(useMemo(() => ({ q: '', segmentId: '', page: 1 }), []));
  const segments = useSegments();
  const refresh = useRefreshContacts();
  const [importing, setImporting] = useState(false);
  const timeZone = useAuth().businessProfile?.time_zone ?? 'UTC';

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
  const data = contacts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = q !== '' || segmentId !== '';

  function refreshFromInbox() {
    refresh.mutate(undefined, {
      onSuccess: ({ created, updated }) =>
        toast.success(
          `Contacts brought up to date from the inbox: ${created} new, ${updated} updated`,
        ),
      onError: (error) => reportError(error),
    });
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Audience"
        description="Everyone who commented on or wrote to your business, and segments of them."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" loading={refresh.isPending} onClick={refreshFromInbox}>
              <RefreshCw aria-hidden className="size-4" />
              Refresh from the inbox
            </Button>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden className="size-4" />
              Import CSV
            </Button>
            <a
              href={contactsCsvUrl({ q, segmentId })}
              download
              className={buttonClasses({ variant: 'outline' })}
            >
              <Download aria-hidden className="size-4" />
              Export CSV
            </a>
            <NewSegmentLink variant="outline" />
          </div>
        }
      />
      <ImportDialog open={importing} onOpenChange={setImporting} />
      <DemographicsPanel contacts={latest.data} />
      <div
        role="tablist"
        aria-label="Audience"
        className="flex w-max gap-1 rounded-lg bg-muted p-1"
      >
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            onClick={() => change({ tab: t.key === 'contacts' ? '' : t.key })}
            className={cn(
              'h-8 rounded-md px-3 text-sm font-medium',
              tab === t.key
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'emails' ? (
        <div role="tabpanel" aria-label="E-mails">
          <EmailsTab timeZone={timeZone} />
        </div>
      ) : tab === 'board' ? (
        <div role="tabpanel" aria-label="Board">
          <FeatureGate feature="crm" areaLabel="The board">
            <CrmBoard timeZone={timeZone} />
          </FeatureGate>
        </div>
      ) : tab === 'segments' ? (
        <div role="tabpanel" aria-label="Segments">
          <SegmentsList />
        </div>
      ) : (
        <div role="tabpanel" aria-label="Contacts" className="grid gap-4">
          <ContactFilters
            q={q}
            segmentId={segmentId}
            segments={segments.data ?? []}
            onSearch={onSearch}
            onSegment={(id) => change({ segment: id, page: '' })}
          />
          <QueryContent
            query={contacts}
            loading={{ label: 'Loading contacts', rows: 5, rowClassName: 'h-12 w-full' }}
            errorTitle="The contacts could not be loaded"
            isEmpty={(list) => list.items.length === 0}
            empty={
              filtered ? (
                <EmptyState
                  icon={Users}
                  title="No contact matches"
                  description="Try another name, or another segment."
                />
              ) : (
                <EmptyState
                  icon={Users}
                  title="No contacts yet"
                  description="Contacts are made from the people who comment on your posts or message you. Refresh from the inbox to bring them in."
                />
              )
            }
          >
            {(list) => <ContactsTable contacts={list.items} timeZone={timeZone} />}
          </QueryContent>
          {data ? (
            <Pager
              page={page}
              pages={pages}
              onPage={(n) => change({ page: String(n) })}
              total={data.total}
              noun="contacts"
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
