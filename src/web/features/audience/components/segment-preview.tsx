import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/query-status.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PreviewState } from '../api/use-segment-preview.ts';
import { contactUrl, PLATFORM_NAMES } from '../lib/format.ts';
import { ContactAvatar } from './contact-avatar.tsx';

/** The live count and a sample of the contacts the tree matches now. */
export function SegmentPreviewPanel({
  preview,
  problem,
}: {
  preview: PreviewState;
  /** Why the tree is not sent yet, if it is not complete. */
  problem: string | null;
}) {
  const { data, loading, error } = preview;
  return (
    <aside
      aria-label="Matching contacts"
      className="grid content-start gap-3 rounded-xl border border-border bg-card p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Matching contacts</h2>
        {loading ? <Spinner size="sm" /> : null}
      </div>
      <p role="status" aria-live="polite" className="text-2xl font-semibold tabular-nums">
        {data ? `${data.count} ${data.count === 1 ? 'contact' : 'contacts'}` : loading ? '…' : '—'}
      </p>
      {problem ? (
        <p className="text-sm text-destructive">{problem}: the count waits for it.</p>
      ) : null}
      {error ? (
        <LoadError
          title="The count could not be made"
          error={error}
          retrying={loading}
          onRetry={preview.retry}
        />
      ) : null}
      {data && data.sample.length > 0 ? (
        <ul aria-label="Sample of matching contacts" className="grid gap-2">
          {data.sample.map((c) => (
            <li key={c.id} className="flex items-center gap-2 text-sm">
              <ContactAvatar name={c.name} pictureUrl={c.pictureUrl} className="size-7" />
              <Link to={contactUrl(c.id)} className="truncate text-link hover:underline">
                {c.name}
              </Link>
              <span className="ml-auto text-xs text-muted-foreground">
                {c.platforms.map((p) => PLATFORM_NAMES[p]).join(', ')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}
