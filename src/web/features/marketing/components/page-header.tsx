import type { ReactNode } from 'react';
import { Container } from './container.tsx';

/** The top band of every inner public page: eyebrow, the page's single h1 and a lead. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="border-b border-border bg-muted/40">
      <Container width="default" className="py-14 sm:py-20">
        <div className="max-w-3xl">
          {eyebrow && (
            <p className="text-sm font-semibold tracking-wide text-primary uppercase dark:text-primary-hover">
              {eyebrow}
            </p>
          )}
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
            {title}
          </h1>
          {lead && (
            <p className="mt-5 text-lg leading-8 text-pretty text-muted-foreground">{lead}</p>
          )}
          {children}
        </div>
      </Container>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-primary uppercase dark:text-primary-hover">
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl"
      >
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg leading-8 text-pretty text-muted-foreground">{lead}</p>}
    </div>
  );
}
