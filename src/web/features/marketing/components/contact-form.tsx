import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CircleAlert, Send } from 'lucide-react';
import { sendContactMessage } from '../api/send-contact-message.ts';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  validateContact,
  validateContactField,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../lib/contact-validation.ts';
import { buttonClasses } from './button-link.tsx';
import { ContactSent } from './contact-sent.tsx';

const EMPTY: ContactValues = { name: '', email: '', company: '', message: '' };

export { CONTACT_SUCCESS_MESSAGE } from './contact-sent.tsx';

const INPUT =
  'block w-full rounded-lg border bg-background px-3 py-2.5 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring sm:text-sm';

function inputClass(invalid: boolean): string {
  return `${INPUT} ${invalid ? 'border-destructive' : 'border-input'}`;
}

/**
 * The public contact form. Validates on submit (then live, field by field), never clears what the
 * visitor typed on an error, and shows the server's message and per-field errors when it refuses.
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [attempted, setAttempted] = useState(false);
  const fields = useRef<
    Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>
  >({});
  const successHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (status === 'sent') successHeading.current?.focus();
  }, [status]);

  const fieldId = (field: ContactField) => `${id}-${field}`;
  const errorId = (field: ContactField) => `${id}-${field}-error`;

  function focusFirstInvalid(found: ContactErrors) {
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) fields.current[first]?.focus();
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as ContactField;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Once the visitor has tried to send, or a field already shows an error, re-check it live so
    // the message disappears as soon as it is fixed.
    if (attempted || errors[field]) {
      setErrors((current) => ({ ...current, [field]: validateContactField(field, next) }));
    }
  }

  function onBlur(field: ContactField) {
    if (values[field].trim() === '') return;
    setErrors((current) => ({ ...current, [field]: validateContactField(field, values) }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    setAttempted(true);
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError('Please check your input and try again.');
      focusFirstInvalid(found);
      return;
    }
    setFormError(null);
    setStatus('sending');
    const result = await sendContactMessage(values);
    if (result.ok) {
      setStatus('sent');
      return;
    }
    setStatus('idle');
    setFormError(result.error);
    setErrors(result.fieldErrors);
    focusFirstInvalid(result.fieldErrors);
  }

  function reset() {
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    setAttempted(false);
    setStatus('idle');
  }

  if (status === 'sent') {
    return <ContactSent headingRef={successHeading} email={values.email} onReset={reset} />;
  }

  const sending = status === 'sending';
  const describedBy = (field: ContactField, extra?: string) =>
    [extra, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;

  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p
        id={errorId(field)}
        className="mt-2 flex items-start gap-1.5 text-sm text-destructive dark:text-red-300"
      >
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {errors[field]}
      </p>
    ) : null;

  const messageLength = values.message.trim().length;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      aria-busy={sending}
      className="rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-card-foreground">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        All fields are required unless marked optional.
      </p>

      {formError && (
        <div
          role="alert"
          className="mt-6 flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive dark:text-red-300"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{formError}</p>
        </div>
      )}

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <div>
          <label
            htmlFor={fieldId('name')}
            className="block text-sm font-medium text-card-foreground"
          >
            Name
          </label>
          <input
            ref={(el) => {
              fields.current.name = el;
            }}
            id={fieldId('name')}
            name="name"
            type="text"
            autoComplete="name"
            required
            value={values.name}
            onChange={onChange}
            onBlur={() => onBlur('name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            className={`mt-2 ${inputClass(Boolean(errors.name))}`}
          />
          {fieldError('name')}
        </div>

        <div>
          <label
            htmlFor={fieldId('email')}
            className="block text-sm font-medium text-card-foreground"
          >
            Work e-mail
          </label>
          <input
            ref={(el) => {
              fields.current.email = el;
            }}
            id={fieldId('email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={onChange}
            onBlur={() => onBlur('email')}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            className={`mt-2 ${inputClass(Boolean(errors.email))}`}
          />
          {fieldError('email')}
        </div>

        <div className="sm:col-span-2">
          <label
            htmlFor={fieldId('company')}
            className="block text-sm font-medium text-card-foreground"
          >
            Company <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <input
            ref={(el) => {
              fields.current.company = el;
            }}
            id={fieldId('company')}
            name="company"
            type="text"
            autoComplete="organization"
            value={values.company}
            onChange={onChange}
            onBlur={() => onBlur('company')}
            aria-invalid={errors.company ? true : undefined}
            aria-describedby={describedBy('company')}
            className={`mt-2 ${inputClass(Boolean(errors.company))}`}
          />
          {fieldError('company')}
        </div>

        <div className="sm:col-span-2">
          <label
            htmlFor={fieldId('message')}
            className="block text-sm font-medium text-card-foreground"
          >
            Message
          </label>
          <textarea
            ref={(el) => {
              fields.current.message = el;
            }}
            id={fieldId('message')}
            name="message"
            rows={6}
            required
            value={values.message}
            onChange={onChange}
            onBlur={() => onBlur('message')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message', `${id}-message-hint`)}
            className={`mt-2 resize-y ${inputClass(Boolean(errors.message))}`}
          />
          <p id={`${id}-message-hint`} className="mt-2 text-xs text-muted-foreground">
            Tell us what you would like to do and how many accounts you manage.{' '}
            {messageLength.toLocaleString('en-US')} /{' '}
            {CONTACT_LIMITS.messageMax.toLocaleString('en-US')} characters.
          </p>
          {fieldError('message')}
        </div>
      </div>

      <div className="mt-6 flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          We use your details only to answer you. See our{' '}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
            privacy policy
          </Link>
          .
        </p>
        <button
          type="submit"
          disabled={sending}
          className={`${buttonClasses('primary')} disabled:opacity-70`}
        >
          <Send className="size-4" aria-hidden="true" />
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
