import { Button } from './button.tsx';

/**
 * "Previous page · Page 2 of 5 · 212 contacts · Next page" under a paged list; nothing when the
 * list fits on one page. `total` and `noun` (plural) add the count when given.
 */
export function Pager({
  page,
  pages,
  onPage,
  label = 'Pages',
  total,
  noun,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
  total?: number;
  noun?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page} of {pages}
        {total !== undefined && noun ? ` · ${total} ${noun}` : null}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
