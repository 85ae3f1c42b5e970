import { FileJson } from 'lucide-react';
import { Badge, ComingSoonBadge } from '../components/badge.tsx';
import { Container } from '../components/container.tsx';
import { PROSE } from '../components/legal-document.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { TableOfContents } from '../components/table-of-contents.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';
import { MORE_SECTIONS } from '../content/documentation-more.tsx';
import { OPENAPI_PATH } from '../content/doc-parts.tsx';
import { PLANNING_SECTIONS } from '../content/documentation-planning.tsx';

export { OPENAPI_PATH };

const SECTIONS = [...PLANNING_SECTIONS, ...MORE_SECTIONS];

export default function DocumentationPage() {
  useDocumentTitle(pageTitle('Documentation'));

  return (
    <>
      <PageHeader
        eyebrow="Documentation"
        title="Soci Gen user guide"
        lead="Step-by-step help for every area of Soci Gen, from your first sign-in to the API. Sections marked “Coming soon” describe areas that are still being released."
      >
        <p className="mt-6">
          <a
            href={OPENAPI_PATH}
            className="inline-flex items-center gap-2 rounded-lg border border-border bg-card px-4 py-2.5 text-sm font-semibold text-foreground shadow-xs hover:bg-muted"
          >
            <FileJson className="size-4" aria-hidden="true" />
            API reference (OpenAPI)
          </a>
        </p>
      </PageHeader>

      <Container className="py-12 sm:py-16">
        {/* One column that never grows past a phone's width: a table or a code sample scrolls
            inside it instead of widening the page (docs/decisions/090). */}
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <aside className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
            <TableOfContents
              label="Guide contents"
              items={SECTIONS.map((s) => ({
                id: s.id,
                label: s.title,
                badge: s.available ? undefined : (
                  <>
                    <span className="sr-only"> (coming soon)</span>
                    <span
                      aria-hidden="true"
                      className="shrink-0 rounded-full bg-muted px-1.5 py-0.5 text-[10px] font-semibold text-muted-foreground"
                    >
                      Soon
                    </span>
                  </>
                ),
              }))}
            />
          </aside>
          <div className="max-w-3xl">
            {SECTIONS.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-24 border-b border-border pb-12 not-first:pt-12 last:border-b-0"
              >
                <div className="flex flex-wrap items-center gap-3">
                  <h2
                    id={`${section.id}-title`}
                    className="text-2xl font-bold tracking-tight text-foreground"
                  >
                    {section.title}
                  </h2>
                  {section.available ? <Badge tone="brand">Available</Badge> : <ComingSoonBadge />}
                </div>
                <div className={PROSE}>{section.body}</div>
              </section>
            ))}
          </div>
        </div>
      </Container>
    </>
  );
}
