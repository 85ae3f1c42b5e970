import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Inbox, MailCheck } from 'lucide-react';
import type { MailboxMode } from '#shared/contracts/auth.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { reportError } from '../../../lib/errors.ts';
import { authApi, authConfigKey } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * Where the e-mail is when this installation sends none (docs/decisions/017, 036). Null when it
 * goes out by SMTP, or while the answer is on its way (then the panel reads as it always did).
 */
function MailboxNote({ mode }: { mode: MailboxMode | undefined }) {
  if (mode === 'development') {
    return (
      <Alert variant="info" title="This server sends no e-mail: it is in the development mailbox">
        <p>
          No SMTP server is configured, so the message is kept in the development mailbox. Open it
          with the link the server printed in its start-up log (
          <code className="font-mono text-xs break-all">/dev/mailbox#key=…</code>). The key is also
          kept in <code className="font-mono text-xs">dev-mailbox.key</code> in the server&apos;s
          data directory.
        </p>
      </Alert>
    );
  }
  if (mode === 'administrators') {
    return (
      <Alert variant="warning" title="This installation does not send e-mail yet">
        <p>
          No mail server is set up, so the message waits in the outbox, which only its
          administrators can read. Ask them for your confirmation link.
        </p>
      </Alert>
    );
  }
  return null;
}

/** After sign-up: the account waits for the link in the confirmation e-mail. */
export function CheckEmailPanel({
  email,
  joining = null,
}: {
  email: string;
  /** The business an invited person joins once confirmed (docs/decisions/035). */
  joining?: string | null;
}) {
  const config = useQuery({
    queryKey: authConfigKey,
    queryFn: ({ signal }) => authApi.config(signal),
    staleTime: Infinity,
    // Only a hint: without it the panel says what it always said.
    meta: { handlesErrors: true },
    retry: false,
  });
  const mailbox = config.data?.mailbox;
  const resend = useMutation({
    mutationFn: () => authApi.resendConfirmation(email),
    onSuccess: () => toast.success(`We've sent a new confirmation e-mail to ${email}.`),
    onError: (error) => reportError(error),
  });
  return (
    <AuthCard
      title="Check your email"
      footer={
        <Link to="/login" className="font-medium text-link hover:underline">
          Back to log in
        </Link>
      }
    >
      <div className="grid justify-items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          {mailbox === 'development' ? (
            <Inbox aria-hidden className="size-7" />
          ) : (
            <MailCheck aria-hidden className="size-7" />
          )}
        </div>
        <p className="text-sm text-foreground" role="status">
          We sent a confirmation link to{' '}
          <strong className="font-semibold break-all">{email}</strong>.{' '}
          {joining ? (
            <>
              Open it in this browser to activate your account and you&apos;ll come straight back to
              your invitation to join <strong className="font-semibold">{joining}</strong>.
            </>
          ) : (
            <>Open it to activate your account and you&apos;ll land in Soci Gen, signed in.</>
          )}
        </p>
        <div className="w-full text-left">
          <MailboxNote mode={mailbox} />
        </div>
        {mailbox === 'development' || mailbox === 'administrators' ? null : (
          <p className="text-xs text-muted-foreground">
            Nothing there after a few minutes? Check your spam folder, or send the e-mail again.
          </p>
        )}
        <Button variant="outline" loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend confirmation e-mail
        </Button>
      </div>
    </AuthCard>
  );
}
