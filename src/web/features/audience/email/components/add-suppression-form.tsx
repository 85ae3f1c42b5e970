import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { EmailInput } from '../../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { reportError } from '../../../../lib/errors.ts';
import { useAddSuppression } from '../api/use-email-actions.ts';
import { EMAIL_ADDRESS_MAX } from '../lib/rules.ts';

// An address added to the suppression list by hand: it is never e-mailed again, whichever
// segment it is in. Checked as the contract checks it (addSuppressionInputSchema).

// One @, something before it, a dot in the domain, no spaces: the shape the server's check takes.
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function addressError(value: string): string | undefined {
  const email = value.trim();
  if (email === '' || email.length > EMAIL_ADDRESS_MAX || !ADDRESS.test(email)) {
    return 'Not a valid e-mail address';
  }
  return undefined;
}

export function AddSuppressionForm() {
  const add = useAddSuppression();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = addressError(email);
    setError(problem);
    if (problem) return;
    add.mutate(email.trim(), {
      onSuccess: () => {
        toast.success(`${email.trim()} will not be e-mailed again`);
        setEmail('');
      },
      onError: (cause) => {
        const fields = fieldErrorsOf(cause);
        if (fields.email) setError(fields.email);
        else reportError(cause);
      },
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add an address"
      className="flex flex-wrap items-start gap-3 rounded-xl border border-border bg-card p-4"
    >
      <FormField label="Address to leave out" error={error} className="min-w-0 grow basis-64">
        <EmailInput
          value={email}
          maxLength={EMAIL_ADDRESS_MAX}
          placeholder="name@example.com"
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <Button type="submit" className="sm:mt-7" loading={add.isPending}>
        <Plus aria-hidden className="size-4" />
        Add to the list
      </Button>
    </form>
  );
}
