import { useId, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { Label } from './label.tsx';

interface FormFieldProps {
  label: ReactNode;
  /** The single control of the field; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
  error?: string | undefined;
  hint?: ReactNode;
  /** Content placed on the label's line, opposite the label (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  /** Content between the control and the error, such as a password strength meter. */
  below?: ReactNode;
  id?: string;
  className?: string;
  optional?: boolean;
}

/**
 * Label, control, hint and error wired together: the error is announced with the control
 * (aria-describedby) and the control is marked invalid, so screen readers say why a field failed.
 */
export function FormField({
  label,
  children,
  error,
  hint,
  labelAside,
  below,
  id,
  className,
  optional,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid content-start gap-2', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={controlId}>
          {label}
          {optional ? (
            <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
          ) : null}
        </Label>
        {labelAside}
      </div>
      <Slot.Root
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {children}
      </Slot.Root>
      {below}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
