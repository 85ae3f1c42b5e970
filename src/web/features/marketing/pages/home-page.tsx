import {
  ArrowRight,
  CalendarDays,
  ChartColumn,
  CircleCheck,
  ImageOff,
  Inbox,
  KeyRound,
  ListChecks,
  Megaphone,
  Plug,
  RefreshCw,
  Send,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { TRIAL_DAYS } from '#shared/plans.ts';
import { ButtonLink } from '../components/button-link.tsx';
import { CalendarMock } from '../components/calendar-mock.tsx';
import { Container } from '../components/container.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { SectionHeading } from '../components/page-header.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

interface Item {
  icon: LucideIcon;
  title: string;
  body: string;
}

const FEATURES: Item[] = [
  {
    icon: CalendarDays,
    title: 'One calendar for both platforms',
    body: 'Month, week, day and list views in your business time zone. Drag a post to reschedule it, filter by platform or status, and see at a glance what is going out.',
  },
  {
    icon: ShieldCheck,
    title: 'Publishing you can prove',
    body: 'Every post is published exactly once, at its time. It ends published, with a link to the live post, or failed with a plain reason — never silently lost.',
  },
  {
    icon: Inbox,
    title: 'A real inbox',
    body: 'Comments and direct messages from your Pages and Instagram accounts in one place. Reply, hide, assign to a teammate and mark done, with the 24-hour message window in view.',
  },
  {
    icon: ChartColumn,
    title: 'Honest analytics',
    body: 'Followers, reach, views and engagement as Meta reports them, for the date range you pick. Top posts, audience demographics and the hours your followers are online.',
  },
  {
    icon: Megaphone,
    title: 'Campaigns that check their media',
    body: 'A wizard turns a goal into a plan of posts. Before launch it lists every image or video a post still needs, so nothing goes out half-finished.',
  },
  {
    icon: Sparkles,
    title: 'AI drafts in your brand voice',
    body: 'Captions, hashtags and post ideas written from your business profile — your industry, audience and tone. You edit, then save as a draft or schedule.',
  },
];

const STEPS: Item[] = [
  {
    icon: Plug,
    title: 'Connect your accounts',
    body: 'Sign in with Meta and choose which Facebook Pages and Instagram professional accounts Soci Gen may publish to. You can see every permission each one grants.',
  },
  {
    icon: ListChecks,
    title: 'Plan and check',
    body: 'Write once, preview per platform and schedule. Captions, hashtags, aspect ratios and video specs are checked against each platform’s rules before a post is accepted.',
  },
  {
    icon: Send,
    title: 'Publish, reply and learn',
    body: 'Posts go out on time while you work in the inbox. Analytics show what reached people, so next month’s calendar is built on facts.',
  },
];

const PROOF: Item[] = [
  {
    icon: CircleCheck,
    title: 'Never twice, never lost',
    body: 'Scheduled posts live in a durable queue in the database. A post is claimed by one worker at a time, so a restart or a second server never publishes it twice.',
  },
  {
    icon: RefreshCw,
    title: 'Retries with back-off',
    body: 'When Instagram or Facebook has a temporary problem, Soci Gen retries — waiting 1 second, then doubling up to 30 seconds — before it calls a post failed.',
  },
  {
    icon: ImageOff,
    title: 'Refused early, not failed late',
    body: 'An Instagram post without media, a caption over the limit or a video in the wrong shape is refused when you schedule it, with the field and the reason.',
  },
  {
    icon: KeyRound,
    title: 'Tokens kept safe',
    body: 'Access tokens for your connected accounts are encrypted at rest, and the dashboard warns you before one expires, so you can reconnect in time.',
  },
];

function IconTile({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

export default function HomePage() {
  useDocumentTitle('Soci Gen - Instagram and Facebook publishing you can prove');

  return (
    <>
      <section className="relative isolate overflow-hidden border-b border-border">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-linear-to-b from-secondary/80 to-transparent"
        />
        <Container className="pt-16 pb-16 sm:pt-24 sm:pb-20">
          <div className="mx-auto max-w-3xl text-center">
            <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-sm font-medium text-muted-foreground">
              <span className="size-2 rounded-full bg-success" aria-hidden="true" />
              For businesses on Instagram and Facebook
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-6xl">
              Social media publishing you can prove
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-muted-foreground">
              Plan, create and schedule your posts, run campaigns and answer every comment and
              message from one place. Every post ends published — or failed with a reason you can
              act on.
            </p>
            <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              <ButtonLink to="/register" size="lg">
                Start your {TRIAL_DAYS}-day free trial
                <ArrowRight className="size-4" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink to="/features" size="lg" variant="outline">
                See all features
              </ButtonLink>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              No card needed. Free plan afterwards if you like.
            </p>
          </div>

          <div className="mx-auto mt-14 max-w-5xl sm:mt-16">
            <CalendarMock />
          </div>
        </Container>
      </section>

      <section aria-labelledby="features-title" className="py-16 sm:py-24">
        <Container>
          <SectionHeading
            id="features-title"
            eyebrow="Everything in one place"
            title="From the idea to the reply"
            lead="The daily work of a business on social media — planning, writing, publishing, answering and measuring — without switching between five tools."
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-2xl border border-border bg-card p-6 shadow-xs">
                <IconTile icon={f.icon} />
                <h3 className="mt-4 text-lg font-semibold text-card-foreground">{f.title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{f.body}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10 text-center">
            <ButtonLink to="/features" variant="ghost">
              Explore every feature
              <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
          </p>
        </Container>
      </section>

      <section
        aria-labelledby="how-title"
        className="border-y border-border bg-muted/40 py-16 sm:py-24"
      >
        <Container>
          <SectionHeading
            id="how-title"
            eyebrow="How it works"
            title="Up and running in an afternoon"
          />
          <ol className="mt-14 grid gap-8 md:grid-cols-3">
            {STEPS.map((s, i) => (
              <li key={s.title} className="relative rounded-2xl border border-border bg-card p-6">
                <div className="flex items-center gap-3">
                  <span
                    className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <s.icon className="size-5 text-muted-foreground" aria-hidden="true" />
                </div>
                <h3 className="mt-4 text-lg font-semibold text-card-foreground">
                  <span className="sr-only">Step {i + 1}: </span>
                  {s.title}
                </h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{s.body}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="proof-title" className="py-16 sm:py-24">
        <Container>
          <div className="grid gap-12 lg:grid-cols-5 lg:gap-16">
            <div className="lg:col-span-2">
              <SectionHeading
                id="proof-title"
                align="left"
                eyebrow="Why businesses switch"
                title="A scheduler you do not have to double-check"
                lead="Most tools tell you a post is scheduled. Soci Gen tells you what happened to it. When something goes wrong, you see the reason in plain words and who needs to act — and the owner gets a notification."
              />
            </div>
            <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-3">
              {PROOF.map((p) => (
                <li key={p.title} className="flex gap-4">
                  <IconTile icon={p.icon} />
                  <div>
                    <h3 className="font-semibold text-foreground">{p.title}</h3>
                    <p className="mt-1 text-sm leading-6 text-muted-foreground">{p.body}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </Container>
      </section>

      <CtaBand />
    </>
  );
}
