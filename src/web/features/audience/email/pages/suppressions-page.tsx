import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button.tsx';
import { PageHeader } from '../../../../components/ui/page-header.tsx';
import { useAuth } from '../../../auth/index.ts';
import { AddSuppressionForm } from '../components/add-suppression-form.tsx';
import { EmailGate } from '../components/email-gate.tsx';
import { SuppressionsList } from '../components/suppressions-list.tsx';
import { EMAILS_TAB_URL } from '../lib/format.ts';

// The suppression list (/dashboard/audience/emails/suppressions, docs/decisions/100): one per
// business, kept by unsubscribes and refused addresses, and added to by hand.

export default function SuppressionsPage() {
  const timeZone = useAuth().businessProfile?.time_zone ?? 'UTC';
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        to={EMAILS_TAB_URL}
        className={buttonClasses({ variant: 'link', className: 'justify-self-start' })}
      >
        <ArrowLeft aria-hidden className="size-4" />
        E-mails
      </Link>
      <EmailGate title="Suppression list">
        <PageHeader
          title="Suppression list"
          description="Addresses that never get your campaign e-mails, whatever segment they are in."
        />
        <AddSuppressionForm />
        <SuppressionsList timeZone={timeZone} />
      </EmailGate>
    </div>
  );
}
