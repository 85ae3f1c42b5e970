import { useState } from 'react';
import { ArrowLeft, Merge, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { ContactDetail } from '#shared/contracts/audience.contract.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { reportError } from '../../../lib/errors.ts';
import { useAuth } from '../../auth/index.ts';
import { useDeleteContact } from '../api/use-audience-actions.ts';
import { useContact } from '../api/use-audience-queries.ts';
import { useHasCrm } from '../api/use-crm-queries.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ContactAvatar } from '../components/contact-avatar.tsx';
import { ContactDetailsForm } from '../components/contact-details-form.tsx';
import { CrmContactPanels } from '../components/crm-contact-panels.tsx';
import { IdentitiesList } from '../components/identities-list.tsx';
import { MergeDialog } from '../components/merge-dialog.tsx';
import { ThreadsList } from '../components/threads-list.tsx';
import { lastInteraction, sentimentLabel } from '../lib/format.ts';

// A contact's page (docs/product/screens.md#audience): who they are on each platform, their
// conversations (opening in the social monitor), what the business keeps about them, Merge,
// Split and Delete; with the CRM add-on, their owner, notes and timeline.

function Summary({ contact, timeZone }: { contact: ContactDetail; timeZone: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      {[
        ['Last interaction', lastInteraction(contact, timeZone)],
        ['Comments', String(contact.commentCount)],
        ['Messages', String(contact.messageCount)],
        ['Sentiment', sentimentLabel(contact.sentiment)],
      ].map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Contact({ contact }: { contact: ContactDetail }) {
  const timeZone = useAuth().businessProfile?.time_zone ?? 'UTC';
  const navigate = useNavigate();
  const remove = useDeleteContact(contact.id);
  const hasCrm = useHasCrm();
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <PageHeader
        title={contact.name}
        description={contact.handle ? `@${contact.handle}` : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setMerging(true)}>
              <Merge aria-hidden className="size-4" />
              Merge with another contact
            </Button>
            <Button variant="outline" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden className="size-4" />
              Delete contact
            </Button>
          </div>
        }
      />
      <div className="flex items-center gap-3">
        <ContactAvatar name={contact.name} pictureUrl={contact.pictureUrl} className="size-14" />
        <Summary contact={contact} timeZone={timeZone} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Identities</CardTitle>
            </CardHeader>
            <CardContent>
              <IdentitiesList contact={contact} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent>
              <ContactDetailsForm key={contact.updatedAt} contact={contact} crm={hasCrm} />
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Conversations</CardTitle>
          </CardHeader>
          <CardContent>
            <ThreadsList threads={contact.threads} timeZone={timeZone} />
          </CardContent>
        </Card>
      </div>
      <CrmContactPanels contact={contact} timeZone={timeZone} />
      <MergeDialog contact={contact} open={merging} onOpenChange={setMerging} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${contact.name}?`}
        action="Delete contact"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(`${contact.name} deleted`);
              void navigate('/dashboard/audience', { replace: true });
            },
            onError: (error) => reportError(error),
          })
        }
      >
        <p>
          This removes what we hold about {contact.name}: their identities on each platform, name,
          picture, e-mail, phone, location, tags, stage and consent. It cannot be undone.
        </p>
        <p>
          That a contact was deleted, and when, is recorded. If they comment or write again, a new
          contact is made from the inbox.
        </p>
      </ConfirmDialog>
    </>
  );
}

export default function ContactPage() {
  const { id = '' } = useParams();
  const query = useContact(id);
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/dashboard/audience" className={buttonClasses({ variant: 'link' })}>
        <ArrowLeft aria-hidden className="size-4" />
        Audience
      </Link>
      <QueryContent
        query={query}
        loading={{ label: 'Loading the contact', rows: 3, rowClassName: 'h-24 w-full' }}
        errorTitle="The contact could not be loaded"
      >
        {(contact) => <Contact contact={contact} />}
      </QueryContent>
    </div>
  );
}
