import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { buildBreadcrumbs } from '../lib/breadcrumbs.ts';

export function Breadcrumbs({ pathname }: { pathname: string }) {
  const crumbs = buildBreadcrumbs(pathname);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((crumb, index) => (
          <Fragment key={crumb.href}>
            {index > 0 ? (
              // On a phone only the current crumb shows, so its separators go with the others.
              <li aria-hidden className="hidden text-muted-foreground sm:block">
                <ChevronRight className="size-4" />
              </li>
            ) : null}
            <li className={index < crumbs.length - 1 ? 'hidden min-w-0 sm:block' : 'min-w-0'}>
              {crumb.current ? (
                <span aria-current="page" className="block truncate font-semibold text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.href}
                  className="block truncate text-muted-foreground hover:text-foreground hover:underline"
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
