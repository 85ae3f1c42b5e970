import { userMessageOf } from '../../lib/errors.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Skeleton } from './skeleton.tsx';

// The two states every list that loads from the API shows before its content: placeholders
// while it loads, and the catalogue's message with a way to try again when it failed.

/** Placeholder rows while a list loads; `label` names what is loading for screen readers. */
export function LoadingRows({
  label,
  rows,
  rowClassName,
}: {
  label: string;
  rows: number;
  rowClassName: string;
}) {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, key) => (
        <Skeleton key={key} className={rowClassName} />
      ))}
    </div>
  );
}

/** A failed load: what could not be loaded, the error's user message, and "Try again". */
export function LoadError({
  title,
  error,
  retrying,
  onRetry,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => unknown;
}) {
  return (
    <Alert variant="destructive" title={title}>
      <p>{userMessageOf(error)}</p>
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        loading={retrying}
        onClick={() => void onRetry()}
      >
        Try again
      </Button>
    </Alert>
  );
}
