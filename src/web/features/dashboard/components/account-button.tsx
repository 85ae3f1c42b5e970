import { forwardRef, type ComponentPropsWithoutRef } from 'react';

export function initialsOf(text: string): string {
  const words = text.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

interface AccountButtonProps extends ComponentPropsWithoutRef<'button'> {
  heading: string;
  email: string;
  initials: string;
}

/** The header's account button: the menu's trigger, and what shows while the menu loads. */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(
  function AccountButton({ heading, email, initials, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        className="flex min-w-0 items-center gap-2 rounded-full p-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:rounded-lg sm:pr-3"
        {...props}
      >
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {initials}
        </span>
        <span className="hidden max-w-40 min-w-0 flex-col md:flex">
          <span className="truncate text-sm font-medium text-foreground">{heading}</span>
          <span className="truncate text-xs text-muted-foreground">{email}</span>
        </span>
        {/* Named by what it shows, then what it is: a name that left out the visible business
            and e-mail would not match what a speech-input user reads (WCAG 2.5.3). */}
        <span className="sr-only">Account menu</span>
      </button>
    );
  },
);
