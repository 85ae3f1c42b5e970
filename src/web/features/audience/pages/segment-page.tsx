import { useState } from 'react';
import { ArrowLeft, Trash2, Users } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { reportError } from '../../../lib/errors.ts';
import { useDeleteSegment, useSaveSegment } from '../api/use-audience-actions.ts';
import { useSegment } from '../api/use-audience-queries.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { SegmentBuilder } from '../components/segment-builder.tsx';
import { segmentUrl } from '../lib/format.ts';

// A segment's page: the builder for a new segment (/dashboard/audience/segments/new) or a saved
// one, which can be renamed, changed and deleted; its contacts open in the audience's list.

function BackLink() {
  return (
    <Link to="/dashboard/audience?tab=segments" className={buttonClasses({ variant: 'link' })}>
      <ArrowLeft aria-hidden className="size-4" />
      Segments
    </Link>
  );
}

export default function SegmentPage() {
  const { id } = useParams();
  const existing = id && id !== 'new' ? id : undefined;
  const query = useSegment(existing);
  const save = useSaveSegment(existing);
  const remove = useDeleteSegment();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  const builder = (segment?: Parameters<typeof SegmentBuilder>[0]['segment']) => (
    <SegmentBuilder
      key={segment?.id ?? 'new'}
      segment={segment}
      saving={save.isPending}
      saveError={save.error}
      onSave={(draft) =>
        save.mutate(draft, {
          onSuccess: (saved) => {
            toast.success('Segment saved');
            if (!existing) void navigate(segmentUrl(saved.id), { replace: true });
          },
        })
      }
    />
  );

  if (!existing) {
    return (
      <div className="grid grid-cols-1 gap-6">
        <BackLink />
        <PageHeader
          title="New segment"
          description="Group your contacts by rules; the count shows who matches as you build it."
        />
        {builder()}
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink />
      <QueryContent
        query={query}
        loading={{ label: 'Loading the segment', rows: 2, rowClassName: 'h-32 w-full' }}
        errorTitle="The segment could not be loaded"
      >
        {(segment) => (
          <>
            <PageHeader
              title={segment.name}
              description={`${segment.count} ${segment.count === 1 ? 'contact matches' : 'contacts match'} now.`}
              actions={
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/dashboard/audience?segment=${encodeURIComponent(segment.id)}`}
                    className={buttonClasses({ variant: 'outline' })}
                  >
                    <Users aria-hidden className="size-4" />
                    Show contacts
                  </Link>
                  <Button variant="outline" onClick={() => setDeleting(true)}>
                    <Trash2 aria-hidden className="size-4" />
                    Delete segment
                  </Button>
                </div>
              }
            />
            {builder(segment)}
            <ConfirmDialog
              open={deleting}
              onOpenChange={setDeleting}
              title={`Delete the segment ${segment.name}?`}
              action="Delete segment"
              busy={remove.isPending}
              onConfirm={() =>
                remove.mutate(segment.id, {
                  onSuccess: () => {
                    toast.success('Segment deleted');
                    void navigate('/dashboard/audience?tab=segments', { replace: true });
                  },
                  onError: (error) => reportError(error),
                })
              }
            >
              <p>The segment's rules go; its contacts stay in your audience.</p>
            </ConfirmDialog>
          </>
        )}
      </QueryContent>
    </div>
  );
}
