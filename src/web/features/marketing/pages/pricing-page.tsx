import { useState } from 'react';
import { Plus } from 'lucide-react';
import { ADDON_IDS, ADDONS, PLAN_IDS, PLANS, TRIAL_DAYS } from '#shared/plans.ts';
import { Container } from '../components/container.tsx';
import { PageHeader, SectionHeading } from '../components/page-header.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';
import { DISPLAY_CURRENCY, formatPrice } from '../lib/format.ts';

import { BillingToggle, PlanCard, type Billing } from '../components/pricing-plans.tsx';
import { FAQ } from '../content/pricing-faq.tsx';

export default function PricingPage() {
  useDocumentTitle(pageTitle('Pricing'));
  const [billing, setBilling] = useState<Billing>('monthly');

  return (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Simple plans, no surprises"
        lead={`Start with ${TRIAL_DAYS} days of Premium for free. Then pick the plan that fits — the limits below are the ones the product enforces.`}
      />

      <section aria-labelledby="plans-title" className="py-14 sm:py-20">
        <Container>
          <h2 id="plans-title" className="sr-only">
            Plans
          </h2>
          <BillingToggle billing={billing} onChange={setBilling} />
          <ul className="mt-12 grid gap-8 lg:grid-cols-3">
            {PLAN_IDS.map((id) => (
              <PlanCard key={id} plan={PLANS[id]} billing={billing} />
            ))}
          </ul>
          <p className="mt-8 text-center text-sm text-muted-foreground">
            Prices in {DISPLAY_CURRENCY}, excluding any sales tax or VAT that applies where you are.
          </p>
        </Container>
      </section>

      <section
        aria-labelledby="addons-title"
        className="border-y border-border bg-muted/40 py-14 sm:py-20"
      >
        <Container>
          <SectionHeading
            id="addons-title"
            eyebrow="Add-ons"
            title="Add what your business needs"
            lead="Add-ons work with any plan and are billed monthly on top of it."
          />
          <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
            {ADDON_IDS.map((id) => {
              const addon = ADDONS[id];
              return (
                <li
                  key={id}
                  className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-xs"
                >
                  <div className="flex items-start justify-between gap-4">
                    <h3 id={`addon-${id}`} className="text-lg font-semibold text-card-foreground">
                      {addon.name}
                    </h3>
                    <p className="shrink-0 text-right">
                      <span className="inline-flex items-center text-2xl font-bold text-card-foreground">
                        <Plus className="size-4" aria-hidden="true" />
                        {formatPrice(addon.priceMonthly)}
                      </span>
                      <span className="block text-xs text-muted-foreground">per month</span>
                    </p>
                  </div>
                  <p className="mt-3 text-sm leading-6 text-muted-foreground">
                    {addon.description}
                  </p>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="faq-title" className="py-14 sm:py-20">
        <Container width="narrow">
          <SectionHeading id="faq-title" title="Questions about plans" />
          <div className="mt-10 divide-y divide-border rounded-2xl border border-border bg-card">
            {FAQ.map((item) => (
              <details key={item.q} className="group px-6 py-5">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-card-foreground [&::-webkit-details-marker]:hidden">
                  {item.q}
                  <Plus
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-45"
                    aria-hidden="true"
                  />
                </summary>
                <p className="mt-3 text-sm leading-6 text-muted-foreground">{item.a}</p>
              </details>
            ))}
          </div>
        </Container>
      </section>
    </>
  );
}
