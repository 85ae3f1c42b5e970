import { ListFilter, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { useSegments } from '../api/use-audience-queries.ts';
import { segmentUrl } from '../lib/format.ts';

export function NewSegmentLink({ variant }: { variant?: 'outline' }) {
  return (
    <Link to="/dashboard/audience/segments/new" className={buttonClasses({ variant })}>
      <Plus aria-hidden className="size-4" />
      New segment
    </Link>
  );
}

/** The saved segments, each with how many contacts match it now. */
export function SegmentsList() {
  const query = useSegments();
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <NewSegmentLink />
      </div>
      <QueryContent
        query={query}
        loading={{ label: 'Loading segments', rows: 3, rowClassName: 'h-14 w-full' }}
        errorTitle="The segments could not be loaded"
        empty={
          <EmptyState
            icon={ListFilter}
            title="No segments yet"
            description="A segment groups your contacts by rules — platform, last interaction, sentiment, tags and more — and stays up to date as they change."
          />
        }
      >
        {(segments) => (
          <ul aria-label="Segments" className="grid gap-2">
            {segments.map((s) => (
              <li
                key={s.id}
                className="flex items-center justify-between gap-3 rounded-xl border border-border bg-card p-3"
              >
                <Link to={segmentUrl(s.id)} className="font-medium text-link hover:underline">
                  {s.name}
                </Link>
                <span className="text-sm text-muted-foreground tabular-nums">
                  {s.count} {s.count === 1 ? 'contact' : 'contacts'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}
