import type { ReactNode } from 'react';

const WIDTHS = {
  default: 'max-w-6xl',
  narrow: 'max-w-3xl',
  wide: 'max-w-7xl',
} as const;

export function Container({
  children,
  width = 'default',
  className = '',
}: {
  children: ReactNode;
  width?: keyof typeof WIDTHS;
  className?: string;
}) {
  return (
    <div className={`mx-auto w-full ${WIDTHS[width]} px-4 sm:px-6 lg:px-8 ${className}`}>
      {children}
    </div>
  );
}
