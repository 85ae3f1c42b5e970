import { Link, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

// Status page for an account deletion or a Meta data-deletion request (PRODUCT.md §1). The
// request status lookup is not served yet, so a code in the address is shown back with what
// happens next.

export default function DeletionConfirmationPage() {
  useDocumentTitle('Deletion request - Soci Gen');
  const [searchParams] = useSearchParams();
  const code = searchParams.get('id');
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:py-24">
      <Card className="grid justify-items-center gap-5 p-6 text-center sm:p-10">
        <div className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
          <CheckCircle2 aria-hidden className="size-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          Your request has been received
        </h1>
        <p className="max-w-lg text-muted-foreground">
          We are deleting the data connected to your account. This usually finishes within a few
          days, and we will e-mail you when it is done.
        </p>
        {code ? (
          <div className="w-full rounded-lg border border-border bg-muted/60 p-4 text-left text-sm">
            <p>
              Confirmation code: <span className="font-mono font-semibold break-all">{code}</span>
            </p>
            <p className="mt-1 text-muted-foreground">
              Status: <span className="font-medium text-foreground">received, being processed</span>
              . Keep this code if you contact us about the request.
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/">Go to the home page</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/contact">Contact us</Link>
          </Button>
        </div>
      </Card>
    </section>
  );
}
