import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, SearchX } from 'lucide-react';
import type { DeletionRequestStatus } from '#shared/contracts/account-security.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorCodeOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { accountSecurityApi, accountSecurityKeys } from '../../account/index.ts';

// Status page for an account deletion or a Meta data-deletion request
// (docs/product/screens.md#deletion-confirmation), looked up by the confirmation code in the
// address (`?id=`).

const KIND_LABELS: Record<DeletionRequestStatus['kind'], string> = {
  account: 'Account deletion',
  meta_data_deletion: 'Facebook data deletion',
};

function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

function StatusDetails({ request }: { request: DeletionRequestStatus }) {
  const done = request.status === 'completed';
  return (
    <>
      <div
        className={
          done
            ? 'flex size-14 items-center justify-center rounded-full bg-success/15 text-success'
            : 'flex size-14 items-center justify-center rounded-full bg-warning/15 text-warning'
        }
      >
        {done ? (
          <CheckCircle2 aria-hidden className="size-7" />
        ) : (
          <Clock aria-hidden className="size-7" />
        )}
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
        {done ? 'Your data has been deleted' : 'Your request has been received'}
      </h1>
      <p className="max-w-lg text-muted-foreground">
        {done
          ? 'Everything connected to this request has been removed from Soci Gen.'
          : 'We are deleting the data connected to this request. This usually finishes within a few days.'}
      </p>
      <dl className="grid w-full gap-2 rounded-lg border border-border bg-muted/60 p-4 text-left text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="text-muted-foreground">Confirmation code</dt>
        <dd className="font-mono font-semibold break-all">{request.code}</dd>
        <dt className="text-muted-foreground">Request</dt>
        <dd>{KIND_LABELS[request.kind]}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd className="font-medium" data-testid="deletion-status">
          {done ? 'Completed' : 'Pending'}
        </dd>
        <dt className="text-muted-foreground">Received</dt>
        <dd>{formatTime(request.createdAt)}</dd>
        {request.completedAt ? (
          <>
            <dt className="text-muted-foreground">Completed</dt>
            <dd>{formatTime(request.completedAt)}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm text-muted-foreground">
        Keep this code if you contact us about the request.
      </p>
    </>
  );
}

export default function DeletionConfirmationPage() {
  useDocumentTitle('Deletion request - Soci Gen');
  const [searchParams] = useSearchParams();
  const code = searchParams.get('id')?.trim() ?? '';
  const request = useQuery({
    queryKey: accountSecurityKeys.deletionRequest(code),
    queryFn: ({ signal }) => accountSecurityApi.deletionRequest(code, signal),
    meta: { handlesErrors: true },
    enabled: code !== '',
    retry: (count, error) => errorCodeOf(error) !== 'NOT_FOUND' && count < 2,
  });

  let body;
  if (!code || (request.isError && errorCodeOf(request.error) === 'NOT_FOUND')) {
    body = (
      <>
        <div className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <SearchX aria-hidden className="size-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          We could not find this request
        </h1>
        <p className="max-w-lg text-muted-foreground">
          Check that the address contains the whole confirmation code we gave you, or contact us
          with the code and we will look it up.
        </p>
      </>
    );
  } else if (request.isPending) {
    body = (
      <div className="grid w-full justify-items-center gap-4" aria-busy="true">
        <Skeleton className="size-14 rounded-full" />
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  } else if (request.isError) {
    body = (
      <>
        <p role="alert" className="text-destructive">
          {userMessageOf(request.error)}
        </p>
        <Button variant="outline" onClick={() => request.refetch()}>
          Try again
        </Button>
      </>
    );
  } else {
    body = <StatusDetails request={request.data} />;
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:py-24">
      <Card className="grid justify-items-center gap-5 p-6 text-center sm:p-10">
        {body}
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
