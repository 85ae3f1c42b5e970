import { Link } from 'react-router';
import { UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

// Seed §2 lists /accept-invitation/{token}; invitations are not served by the API yet, so the
// page says so plainly instead of failing.

export default function AcceptInvitationPage() {
  useDocumentTitle('Join a team - Soci Gen');
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:py-24">
      <Card className="grid justify-items-center gap-5 p-6 text-center sm:p-10">
        <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <UserPlus aria-hidden className="size-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          Team invitations are coming soon
        </h1>
        <p className="max-w-lg text-muted-foreground">
          Soon this link will show who invited you to which business, and let you sign in or create
          an account to join as staff. Until then, ask the person who invited you to get in touch.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/login">Log in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Go to the home page</Link>
          </Button>
        </div>
      </Card>
    </section>
  );
}
