import { ChartColumn, HandHeart, Lock, ShieldCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Container } from '../components/container.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { PageHeader, SectionHeading } from '../components/page-header.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';

const PRINCIPLES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: ShieldCheck,
    title: 'Proof over promises',
    body: 'A scheduler is only useful if you can stop checking it. Every post in Soci Gen ends in a state you can see — published with a link, or failed with a reason — and we design every part of publishing around that guarantee.',
  },
  {
    icon: ChartColumn,
    title: 'Honest numbers',
    body: 'We show what the platforms report, for the period you chose, and label it clearly. No invented “scores”, no totals that mix followers with impressions to look bigger.',
  },
  {
    icon: Lock,
    title: 'Your business, your data',
    body: 'Access tokens are encrypted at rest, each business’s data is kept apart from every other, and you can export your tables or delete your account whenever you want.',
  },
  {
    icon: HandHeart,
    title: 'Built for small teams',
    body: 'Soci Gen is made for businesses where social media is done by a handful of people between everything else. It should save them time on day one, without a training course.',
  },
];

export default function AboutPage() {
  useDocumentTitle(pageTitle('About'));

  return (
    <>
      <PageHeader
        eyebrow="About us"
        title="We build the social media tool we wanted to trust"
        lead="Soci Gen helps businesses plan, publish and answer on Instagram and Facebook — and know, for certain, what happened to every post."
      />

      <section aria-labelledby="story-title" className="py-14 sm:py-20">
        <Container width="narrow">
          <h2 id="story-title" className="text-3xl font-bold tracking-tight text-foreground">
            Why Soci Gen exists
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-8 text-muted-foreground">
            <p>
              Ask a café owner, a physiotherapy clinic or a local retailer about their social media
              scheduler and you hear the same story: a post that was “scheduled” but never appeared,
              a token that quietly expired, a comment from a customer that nobody saw for a week.
            </p>
            <p>
              The tools were built to fill a calendar, not to make sure the calendar happened. So we
              started from the other end. Scheduled posts sit in a durable queue in the database.
              Each one is published once, retried sensibly when a platform hiccups, and marked
              failed with a plain reason — and a notification — when it cannot go out. Content that
              a platform would reject is refused when you schedule it, not discovered afterwards.
            </p>
            <p>
              Around that core we built what a business needs every day: a calendar and composer,
              one inbox for comments and messages, analytics that tell the truth, campaigns that
              check their media before launch, and AI drafts written in your own brand voice.
            </p>
          </div>
        </Container>
      </section>

      <section
        aria-labelledby="principles-title"
        className="border-y border-border bg-muted/40 py-14 sm:py-20"
      >
        <Container>
          <SectionHeading
            id="principles-title"
            eyebrow="What we believe"
            title="Four principles behind every feature"
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2">
            {PRINCIPLES.map((p) => (
              <li
                key={p.title}
                className="rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-8"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                  <p.icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-card-foreground">{p.title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{p.body}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="meta-title" className="py-14 sm:py-20">
        <Container width="narrow">
          <h2 id="meta-title" className="text-2xl font-bold tracking-tight text-foreground">
            How we work with Instagram and Facebook
          </h2>
          <p className="mt-4 leading-7 text-muted-foreground">
            Soci Gen connects to your Facebook Pages and Instagram professional accounts through
            Meta’s official Graph API, with the permissions you approve when you connect. We never
            ask for your Meta password, and you can disconnect an account or remove the app from
            your Facebook settings at any time. Soci Gen is an independent product and is not
            affiliated with or endorsed by Meta.
          </p>
        </Container>
      </section>

      <CtaBand />
    </>
  );
}
