import type { Ref } from 'react';
import { CircleCheck } from 'lucide-react';
import { buttonClasses } from './button-link.tsx';

export const CONTACT_SUCCESS_MESSAGE = "Thanks — we'll reply within one business day";

/** The contact form once the message is sent: focused heading, where the answer goes, send another. */
export function ContactSent({
  headingRef,
  email,
  onReset,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  email: string;
  onReset(): void;
}) {
  return (
    <div
      className="rounded-2xl border border-border bg-card p-8 text-center shadow-xs"
      role="status"
    >
      <CircleCheck
        className="mx-auto size-12 text-success dark:text-green-400"
        aria-hidden="true"
      />
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-card-foreground">
        {CONTACT_SUCCESS_MESSAGE}
      </h2>
      <p className="mt-3 text-muted-foreground">
        Your message has reached our team. We will answer at {email.trim()}.
      </p>
      <button type="button" onClick={onReset} className={`${buttonClasses('outline')} mt-6`}>
        Send another message
      </button>
    </div>
  );
}
