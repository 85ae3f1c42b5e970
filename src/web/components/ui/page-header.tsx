import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or badges on the right of the title; they wrap under it on narrow screens. */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('flex flex-wrap items-start justify-between gap-4', className)}>
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
        {description ? (
          <p className="max-w-2xl text-sm text-muted-foreground sm:text-base">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
