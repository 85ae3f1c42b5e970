import { ArrowRight } from 'lucide-react';
import { TRIAL_DAYS } from '#shared/plans.ts';
import { ButtonLink } from './button-link.tsx';
import { Container } from './container.tsx';

/** The closing call to action shared by the home, features and about pages. */
export function CtaBand({
  title = 'Put your next month of posts on the calendar today',
  lead = `Try everything in Premium free for ${TRIAL_DAYS} days. No card needed — at the end you choose Premium or carry on with the Free plan.`,
}: {
  title?: string;
  lead?: string;
}) {
  return (
    <section aria-labelledby="cta-title" className="py-16 sm:py-24">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-primary px-6 dark:bg-indigo-700 py-14 text-center shadow-lg sm:px-12">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-32 -left-20 size-80 rounded-full bg-white/5"
          />
          <h2
            id="cta-title"
            className="relative mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-pretty text-indigo-50">
            {lead}
          </p>
          <div className="relative mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to="/register" size="lg" variant="inverse">
              Start free trial
              <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to="/contact" size="lg" variant="onBrand">
              Talk to us
            </ButtonLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
