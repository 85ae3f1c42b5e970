import { useState } from 'react';
import { Mail, Plus, ShieldOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button.tsx';
import { Pager } from '../../../../components/ui/pager.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import { useEmailCampaigns } from '../api/use-email-queries.ts';
import { NEW_EMAIL_URL, SUPPRESSIONS_URL } from '../lib/format.ts';
import { EmailGate } from './email-gate.tsx';
import { EmailsTable } from './emails-table.tsx';

// The audience page's E-mails tab (docs/decisions/100): the campaign e-mails, newest first, paged;
// "New e-mail" and the suppression list. Without the Email add-on, the upgrade prompt.

export function NewEmailLink({ variant }: { variant?: 'outline' }) {
  return (
    <Link to={NEW_EMAIL_URL} className={buttonClasses({ variant })}>
      <Plus aria-hidden className="size-4" />
      New e-mail
    </Link>
  );
}

function EmailList({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = useEmailCampaigns(page);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          E-mails go to the contacts of a segment who gave an address and consent.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={SUPPRESSIONS_URL} className={buttonClasses({ variant: 'outline' })}>
            <ShieldOff aria-hidden className="size-4" />
            Suppression list
          </Link>
          <NewEmailLink />
        </div>
      </div>
      <QueryContent
        query={query}
        loading={{ label: 'Loading e-mails', rows: 3, rowClassName: 'h-14 w-full' }}
        errorTitle="The e-mails could not be loaded"
        isEmpty={(list) => list.items.length === 0}
        empty={
          <EmptyState
            icon={Mail}
            title="No e-mails yet"
            description="Write an e-mail for a segment of your contacts, see it as they will, send yourself a test, then send it now or at a time."
            action={<NewEmailLink />}
          />
        }
      >
        {(list) => <EmailsTable emails={list.items} timeZone={timeZone} />}
      </QueryContent>
      {data ? (
        <Pager
          label="E-mail pages"
          page={page}
          pages={pages}
          onPage={setPage}
          total={data.total}
          noun="e-mails"
        />
      ) : null}
    </div>
  );
}

export function EmailsTab({ timeZone }: { timeZone: string }) {
  return (
    <EmailGate>
      <EmailList timeZone={timeZone} />
    </EmailGate>
  );
}
