import { cn } from '../../lib/cn.ts';

// docs/product/constants.md#spinner-sizes: the spinner comes in four sizes.
export const SPINNER_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export type SpinnerSize = (typeof SPINNER_SIZES)[number];

const sizeClasses: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-[3px]',
  xl: 'size-16 border-4',
};

interface SpinnerProps {
  size?: SpinnerSize;
  className?: string;
  /** Announced to screen readers; omit when a visible text next to the spinner already says it. */
  label?: string;
}

export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-size={size}
      className={cn(
        'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        sizeClasses[size],
        className,
      )}
    />
  );
}

/** A centred spinner with a visible message, for whole-page waits. */
export function LoadingScreen({ message, size = 'lg' }: { message: string; size?: SpinnerSize }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] w-full flex-col items-center justify-center gap-4 p-8 text-muted-foreground"
    >
      <Spinner size={size} className="text-primary" />
      <p className="text-sm font-medium">{message}</p>
    </div>
  );
}
