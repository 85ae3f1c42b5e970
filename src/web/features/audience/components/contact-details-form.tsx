import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ContactDetail } from '#shared/contracts/audience.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useUpdateContact } from '../api/use-audience-actions.ts';
import { STAGE_LABELS } from '../lib/fields.ts';
import { CONTACT_STAGES } from '../lib/lists.ts';
import { TagsInput } from './tags-input.tsx';

// What the business keeps about a contact beyond the inbox: e-mail, phone, location, tags, stage
// and consent (with where the contact came from). Empty fields are sent as null.

const SOURCE_LABELS = {
  inbox: 'the inbox',
  import: 'an import',
  manual: 'added by hand',
} as const;

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag) => b.includes(tag));

/**
 * `crm`: the business has the CRM add-on, so tags and stage can be changed; without it they are
 * shown as they are (docs/decisions/099-crm.md).
 */
export function ContactDetailsForm({ contact, crm }: { contact: ContactDetail; crm: boolean }) {
  const update = useUpdateContact(contact.id);
  const [email, setEmail] = useState(contact.email ?? '');
  const [phone, setPhone] = useState(contact.phone ?? '');
  const [location, setLocation] = useState(contact.location ?? '');
  const [tags, setTags] = useState<string[]>(contact.tags);
  const [stage, setStage] = useState(contact.stage);
  const [consent, setConsent] = useState(contact.consent);
  const [consentSource, setConsentSource] = useState('');
  const [tried, setTried] = useState(false);
  const givesConsent = consent && !contact.consent;
  const sourceMissing = givesConsent && consentSource.trim() === '';
  const errors = fieldErrorsOf(update.error);
  const other =
    update.error && Object.keys(errors).length === 0 ? userMessageOf(update.error) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (sourceMissing) return;
    update.mutate(
      {
        email: orNull(email),
        phone: orNull(phone),
        location: orNull(location),
        // Tags and stage are sent when they change (the CRM add-on's; the server records it).
        ...(crm && !sameTags(tags, contact.tags) ? { tags } : {}),
        ...(crm && stage !== contact.stage ? { stage } : {}),
        // Consent is sent when it changes; given, it names where (the server records it).
        ...(consent === contact.consent ? {} : { consent }),
        ...(givesConsent ? { consentSource: consentSource.trim() } : {}),
      },
      { onSuccess: () => toast.success('Contact saved') },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Contact details" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="E-mail" error={errors.email} optional>
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        <FormField label="Phone" error={errors.phone} optional>
          <Input type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </FormField>
        <FormField label="Location" error={errors.location} optional>
          <Input value={location} maxLength={100} onChange={(e) => setLocation(e.target.value)} />
        </FormField>
        <FormField label="Stage" error={errors.stage}>
          <select
            disabled={!crm}
            value={stage}
            onChange={(e) => setStage(e.target.value as typeof stage)}
            className={inputClasses}
          >
            {CONTACT_STAGES.map((s) => (
              <option key={s} value={s}>
                {STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Tags</span>
        {crm ? (
          <TagsInput label="Tags" value={tags} onChange={setTags} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {contact.tags.length ? contact.tags.join(', ') : 'No tags'} · Changing tags and stage
            comes with the CRM add-on.
          </p>
        )}
        {errors.tags ? <p className="text-sm text-destructive">{errors.tags}</p> : null}
      </div>
      <div className="grid gap-2">
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          Agreed to hear from the business
        </label>
        {givesConsent ? (
          <FormField
            label="Where they agreed"
            error={
              (tried && sourceMissing ? 'Say where the consent was given' : undefined) ??
              errors.consentSource
            }
            hint="A form, a message, in the shop…"
          >
            <Input
              value={consentSource}
              maxLength={200}
              onChange={(e) => setConsentSource(e.target.value)}
            />
          </FormField>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {contact.consent && consent
            ? `They agreed${contact.consentSource ? ` (${contact.consentSource})` : ''}; where is kept with the contact. `
            : 'Tick only when they said yes. '}
          Contact from {SOURCE_LABELS[contact.source]}.
        </p>
      </div>
      {other ? (
        <Alert variant="destructive" title="The contact was not saved">
          {other}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" loading={update.isPending}>
          Save contact
        </Button>
      </div>
    </form>
  );
}
