import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { reportError } from '../../../lib/errors.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

/** After sign-up: the account waits for the link in the confirmation e-mail. */
export function CheckEmailPanel({ email }: { email: string }) {
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
          <MailCheck aria-hidden className="size-7" />
        </div>
        <p className="text-sm text-foreground" role="status">
          We sent a confirmation link to{' '}
          <strong className="font-semibold break-all">{email}</strong>. Open it to activate your
          account and you&apos;ll land in Soci Gen, signed in.
        </p>
        <p className="text-xs text-muted-foreground">
          Nothing there after a few minutes? Check your spam folder, or send the e-mail again.
        </p>
        <Button variant="outline" loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend confirmation e-mail
        </Button>
      </div>
    </AuthCard>
  );
}
