import type { ContactDetail } from '#shared/contracts/audience.contract.ts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { useHasCrm } from '../api/use-crm-queries.ts';
import { NotesPanel } from './crm-notes-panel.tsx';
import { OwnerPicker } from './crm-owner-picker.tsx';
import { Timeline } from './crm-timeline.tsx';
import { CrmUpgradeNotice } from './crm-upgrade.tsx';

// The CRM add-on's part of a contact's page (docs/decisions/099-crm.md): the owner, the notes and
// the timeline; without the add-on, a short offer in their place.

export function CrmContactPanels({
  contact,
  timeZone,
}: {
  contact: ContactDetail;
  timeZone: string;
}) {
  const hasCrm = useHasCrm();
  if (!hasCrm) return <CrmUpgradeNotice />;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Follow-up</CardTitle>
          <CardDescription>Who looks after them, and what the team should know.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <OwnerPicker contactId={contact.id} ownerId={contact.ownerId} />
          <div className="grid gap-3">
            <h3 className="text-sm font-medium">Notes</h3>
            <NotesPanel contactId={contact.id} timeZone={timeZone} />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Timeline</CardTitle>
          <CardDescription>
            What they wrote and what happened with them, newest first.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Timeline
            contactId={contact.id}
            contactUpdatedAt={contact.updatedAt}
            timeZone={timeZone}
          />
        </CardContent>
      </Card>
    </div>
  );
}
