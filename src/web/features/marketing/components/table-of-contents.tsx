import type { ReactNode } from 'react';

export interface TocItem {
  id: string;
  label: string;
  badge?: ReactNode;
}

/** In-page navigation; the parent decides whether it sticks. */
export function TableOfContents({
  items,
  label = 'On this page',
  numbered = false,
}: {
  items: readonly TocItem[];
  label?: string;
  numbered?: boolean;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <nav
      aria-labelledby="toc-title"
      className="rounded-2xl border border-border bg-card p-5 lg:border-0 lg:bg-transparent lg:p-0"
    >
      <h2
        id="toc-title"
        className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {label}
      </h2>
      <List className="mt-3 space-y-1 text-sm">
        {items.map((item, index) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <span>
                {numbered && <span className="tabular-nums">{index + 1}. </span>}
                {item.label}
              </span>
              {item.badge}
            </a>
          </li>
        ))}
      </List>
    </nav>
  );
}
