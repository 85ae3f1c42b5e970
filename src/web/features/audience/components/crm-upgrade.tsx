import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

// What a contact's page shows in place of the CRM add-on's panels (docs/decisions/099-crm.md): a
// short offer and the way to the subscription page, never a dead link. The board's tab shows the
// full UpgradePrompt of the subscription feature instead.

export function CrmUpgradeNotice() {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Lock aria-hidden className="size-5" />
      </div>
      <div className="grid flex-1 gap-1">
        <h2 className="text-base font-semibold">Notes, owners and a timeline come with CRM</h2>
        <p className="text-sm text-muted-foreground">
          With the CRM add-on your team keeps notes on each person, gives them an owner, moves them
          through stages on a board and sees everything that happened with them in one timeline.
        </p>
      </div>
      <Link to="/dashboard/subscription" className={buttonClasses({ className: 'shrink-0' })}>
        Add CRM
      </Link>
    </Card>
  );
}
