import type { ReactNode } from 'react';
import { BookOpen, Clock, LifeBuoy, ShieldCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { TEXT_LINK } from '../components/button-link.tsx';
import { ContactForm } from '../components/contact-form.tsx';
import { Container } from '../components/container.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';

const REASONS: { icon: LucideIcon; title: string; body: ReactNode }[] = [
  {
    icon: Clock,
    title: 'A reply within one business day',
    body: 'A person on our team reads every message and answers from Monday to Friday.',
  },
  {
    icon: LifeBuoy,
    title: 'Sales and support',
    body: 'Questions about plans, add-ons, moving from another scheduler, or a post that did not go out as expected.',
  },
  {
    icon: ShieldCheck,
    title: 'Privacy requests',
    body: (
      <>
        Ask for a copy of your data or its deletion. Requests made through Meta can be followed on
        the{' '}
        <Link to="/deletion-confirmation" className={TEXT_LINK}>
          deletion status page
        </Link>
        .
      </>
    ),
  },
  {
    icon: BookOpen,
    title: 'Looking for how-to answers?',
    body: (
      <>
        The{' '}
        <Link to="/documentation" className={TEXT_LINK}>
          user guide
        </Link>{' '}
        covers connecting accounts, scheduling, the inbox and billing step by step.
      </>
    ),
  },
];

export default function ContactPage() {
  useDocumentTitle(pageTitle('Contact'));

  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Talk to the people who build Soci Gen"
        lead="Whether you are choosing a plan, switching from another tool or stuck on a post, tell us about it and we will help."
      />
      <Container className="py-14 sm:py-20">
        <div className="grid gap-12 lg:grid-cols-5 lg:gap-16">
          <section aria-labelledby="contact-reasons" className="lg:col-span-2">
            <h2 id="contact-reasons" className="text-xl font-semibold text-foreground">
              How we can help
            </h2>
            <ul className="mt-6 space-y-6">
              {REASONS.map((r) => (
                <li key={r.title} className="flex gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                    <r.icon className="size-5" aria-hidden="true" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-foreground">{r.title}</h3>
                    <p className="mt-1 text-sm leading-6 text-muted-foreground">{r.body}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <div className="lg:col-span-3">
            <ContactForm />
          </div>
        </div>
      </Container>
    </>
  );
}
