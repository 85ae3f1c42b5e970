import { useEffect, useRef, useState, type FormEvent } from 'react';
import { KeyRound, MailX } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useUnlockMailbox } from '../api/dev-mailbox.ts';

/** The key the start-up log's link carries in its fragment (`#key=…`), which no server sees. */
export function keyFromHash(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key && key.length <= 200 ? key : null;
}

/**
 * Opens the mailbox with the key from the address, once, and takes the key out of the address
 * so it is neither bookmarked nor shown over a shoulder.
 */
export function useUnlockFromAddress(): ReturnType<typeof useUnlockMailbox> {
  const unlock = useUnlockMailbox();
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    const key = keyFromHash(window.location.hash);
    if (!key) return;
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    unlock.mutate(key);
  }, [unlock]);
  return unlock;
}

export function MailboxLocked({ unlock }: { unlock: ReturnType<typeof useUnlockMailbox> }) {
  const [key, setKey] = useState('');
  const fieldError = unlock.isError
    ? (fieldErrorsOf(unlock.error)['key'] ?? userMessageOf(unlock.error))
    : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) unlock.mutate(key.trim());
  };
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <KeyRound aria-hidden className="size-5" />
        </div>
        <CardTitle>This mailbox is locked</CardTitle>
        <CardDescription>
          It holds every e-mail this installation sent, sign-in links included, so it opens only
          with its key. The server prints a link with the key when it starts; open that link, or
          paste the key here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormField
            label="Mailbox key"
            error={fieldError}
            hint="It is also in dev-mailbox.key in the data directory, unless DEV_MAILBOX_KEY sets it."
          >
            <PasswordInput
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(event) => setKey(event.target.value)}
            />
          </FormField>
          <div>
            <Button type="submit" disabled={unlock.isPending || !key.trim()}>
              {unlock.isPending ? 'Opening…' : 'Open the mailbox'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function MailboxAbsent() {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <MailX aria-hidden className="size-5" />
        </div>
        <CardTitle>No mailbox here</CardTitle>
        <CardDescription>
          This installation sends its e-mails through its mail server, so none are kept to read
          here. Where nothing is sent, administrators read them on this page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Alert variant="info">Look for the e-mail in the inbox it was sent to.</Alert>
      </CardContent>
    </Card>
  );
}
