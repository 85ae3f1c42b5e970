import type { ReactNode } from 'react';
import { Container } from './container.tsx';
import { PageHeader } from './page-header.tsx';
import { TableOfContents } from './table-of-contents.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Prose styling for long-form text, without a typography plugin. */
export const PROSE =
  'text-base leading-7 text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 dark:[&_a]:text-primary-hover [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-foreground [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm [&_code]:text-foreground';

/** A policy page: header, numbered table of contents and numbered sections. */
export function LegalDocument({
  title,
  lead,
  updated,
  sections,
}: {
  title: string;
  lead: ReactNode;
  updated: string;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} lead={lead}>
        <p className="mt-4 text-sm text-muted-foreground">Last updated: {updated}</p>
      </PageHeader>
      <Container className="py-12 sm:py-16">
        {/* One column that never grows past a phone's width: a table or a code sample scrolls
            inside it instead of widening the page (docs/decisions/090). */}
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <aside className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
            <TableOfContents
              items={sections.map((s) => ({ id: s.id, label: s.title }))}
              label="Contents"
              numbered
            />
          </aside>
          <article className="max-w-3xl">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-24 border-b border-border pb-10 not-first:pt-10 last:border-b-0"
              >
                <h2
                  id={`${section.id}-title`}
                  className="text-2xl font-bold tracking-tight text-foreground"
                >
                  <span className="text-muted-foreground tabular-nums">{index + 1}. </span>
                  {section.title}
                </h2>
                <div className={PROSE}>{section.body}</div>
              </section>
            ))}
          </article>
        </div>
      </Container>
    </>
  );
}
