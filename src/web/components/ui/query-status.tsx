import type { ReactNode } from 'react';
import { userMessageOf } from '../../lib/errors.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Skeleton } from './skeleton.tsx';

// The two states every list that loads from the API shows before its content: placeholders
// while it loads, and the catalogue's message with a way to try again when it failed.
// QueryContent picks between them and the content, so a page only writes what is its own.

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

/** The parts of a TanStack query (plain or infinite) that QueryContent reads. */
interface LoadingQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Placeholder rows while `query` loads, its error with "Try again" when it failed, `empty` when
 * it loaded nothing (an empty list, or what `isEmpty` says), else `children` with the data.
 */
export function QueryContent<T>({
  query,
  loading,
  errorTitle,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  query: LoadingQuery<T>;
  loading: { label: string; rows: number; rowClassName: string };
  errorTitle: string;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <LoadError
        title={errorTitle}
        error={query.error}
        retrying={query.isFetching}
        onRetry={query.refetch}
      />
    );
  }
  // No data and no error: still loading (TanStack's "pending").
  if (query.data === undefined) return <LoadingRows {...loading} />;
  if (empty !== undefined && isEmpty(query.data)) return empty;
  return children(query.data);
}
