import { cn } from '../../lib/cn.ts';

/** The Soci Gen mark (the same drawing as favicon.svg) with the product name. */
export function Logo({
  className,
  showName = true,
  nameClassName,
}: {
  className?: string;
  showName?: boolean;
  nameClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" aria-hidden className="size-8 shrink-0" focusable="false">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path
          d="M10 20.5c1.2 1.4 3 2.2 5.4 2.2 3 0 5.1-1.5 5.1-3.9 0-2.2-1.6-3.2-4.6-3.9-2.2-.5-3-.9-3-1.8 0-.9.9-1.5 2.3-1.5 1.5 0 2.6.6 3.4 1.5l1.8-1.9c-1.2-1.3-3-2.1-5.2-2.1-2.9 0-4.9 1.6-4.9 3.8 0 2.3 1.7 3.3 4.6 4 2.1.5 3 .9 3 1.8 0 1-1 1.6-2.5 1.6-1.7 0-3-.7-3.9-1.8z"
          fill="#fff"
        />
      </svg>
      {showName ? (
        <span className={cn('text-lg font-bold tracking-tight whitespace-nowrap', nameClassName)}>
          Soci Gen
        </span>
      ) : (
        <span className="sr-only">Soci Gen</span>
      )}
    </span>
  );
}
