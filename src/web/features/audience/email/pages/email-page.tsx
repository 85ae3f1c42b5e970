import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button.tsx';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import { useAuth } from '../../../auth/index.ts';
import { useEmailCampaign } from '../api/use-email-queries.ts';
import { EmailEditor } from '../components/email-editor.tsx';
import { EmailGate } from '../components/email-gate.tsx';
import { EmailReport } from '../components/email-report.tsx';
import { EMAILS_TAB_URL } from '../lib/format.ts';

// A campaign e-mail's page (/dashboard/audience/emails/new and /:id, docs/decisions/100): the
// editor while it is a draft, its figures once it is scheduled or sent. Without the Email add-on,
// the upgrade prompt.

function BackLink() {
  return (
    <Link
      to={EMAILS_TAB_URL}
      className={buttonClasses({ variant: 'link', className: 'justify-self-start' })}
    >
      <ArrowLeft aria-hidden className="size-4" />
      E-mails
    </Link>
  );
}

function EmailContent({ id, timeZone }: { id: string | undefined; timeZone: string }) {
  const query = useEmailCampaign(id);
  if (id === undefined) {
    return <EmailEditor campaign={null} timeZone={timeZone} reload={async () => undefined} />;
  }
  return (
    <QueryContent
      query={query}
      loading={{ label: 'Loading the e-mail', rows: 3, rowClassName: 'h-32 w-full' }}
      errorTitle="The e-mail could not be loaded"
    >
      {(campaign) =>
        campaign.status === 'draft' ? (
          <EmailEditor
            key={campaign.id}
            campaign={campaign}
            timeZone={timeZone}
            reload={async () => (await query.refetch()).data}
          />
        ) : (
          <EmailReport campaign={campaign} timeZone={timeZone} />
        )
      }
    </QueryContent>
  );
}

export default function EmailPage() {
  const { id } = useParams();
  const timeZone = useAuth().businessProfile?.time_zone ?? 'UTC';
  const existing = id && id !== 'new' ? id : undefined;
  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink />
      <EmailGate title={existing ? 'E-mail' : 'New e-mail'}>
        <EmailContent id={existing} timeZone={timeZone} />
      </EmailGate>
    </div>
  );
}
