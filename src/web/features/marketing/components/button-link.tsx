import type { ReactNode } from 'react';
import { Link } from 'react-router';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors';

const VARIANTS = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  outline: 'border border-border bg-card text-foreground shadow-sm hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  // For use on an indigo band: white button and a quiet outlined one.
  inverse: 'bg-white text-indigo-700 shadow-sm hover:bg-indigo-50',
  onBrand: 'text-white ring-1 ring-white/50 hover:bg-white/10',
} as const;

const SIZES = {
  sm: 'px-3 py-2 text-sm',
  md: 'px-4 py-2.5 text-sm',
  lg: 'px-5 py-3 text-base',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

/** A router link that looks like a button: every call to action on the public site. */
export function ButtonLink({
  to,
  children,
  variant = 'primary',
  size = 'md',
  className = '',
  onClick,
}: {
  to: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  onClick?: () => void;
}) {
  return (
    <Link to={to} className={`${buttonClasses(variant, size)} ${className}`} onClick={onClick}>
      {children}
    </Link>
  );
}

/** Inline text link colour that keeps 4.5:1 contrast in both themes. */
export const TEXT_LINK =
  'font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-current dark:text-primary-hover';
