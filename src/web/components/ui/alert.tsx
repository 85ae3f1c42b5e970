import type { HTMLAttributes, ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Info, TriangleAlert } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export type AlertVariant = 'info' | 'success' | 'warning' | 'destructive';

const variantClasses: Record<AlertVariant, string> = {
  info: 'border-border bg-muted/60 text-foreground',
  success: 'border-success/30 bg-success/10 text-foreground',
  warning: 'border-warning/30 bg-warning/10 text-foreground',
  destructive: 'border-destructive/40 bg-destructive/10 text-foreground',
};

const iconClasses: Record<AlertVariant, string> = {
  info: 'text-primary',
  success: 'text-success',
  warning: 'text-warning',
  destructive: 'text-destructive',
};

const icons = {
  info: Info,
  success: CheckCircle2,
  warning: TriangleAlert,
  destructive: AlertCircle,
};

interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  variant?: AlertVariant;
  title?: ReactNode;
}

/**
 * Inline message. Destructive alerts use role="alert" so a form error is announced as soon as it
 * appears; the others are polite status messages.
 */
export function Alert({ variant = 'info', title, className, children, ...props }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-lg border p-3.5 text-sm',
        variantClasses[variant],
        className,
      )}
      {...props}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', iconClasses[variant])} />
      <div className="grid min-w-0 gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-foreground/90">{children}</div> : null}
      </div>
    </div>
  );
}
