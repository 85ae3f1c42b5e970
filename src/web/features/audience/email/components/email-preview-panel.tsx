import { Eye } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { userMessageOf } from '../../../../lib/errors.ts';
import type { EmailPreviewState } from '../api/use-email-preview.ts';

// The e-mail as a contact sees it, rendered by the server (merge fields filled for a sample
// contact). Its HTML is shown in a sandboxed frame with no rights at all (`sandbox=""`): no
// script runs, no form posts, no link navigates this page.

export function EmailPreviewPanel({
  preview,
  title = 'Preview',
}: {
  preview: EmailPreviewState;
  title?: string;
}) {
  const data = preview.data;
  return (
    <section
      aria-label="E-mail preview"
      className="grid content-start gap-3 rounded-xl border border-border bg-card p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="inline-flex items-center gap-2 text-sm font-semibold text-foreground">
          <Eye aria-hidden className="size-4" />
          {title}
        </h2>
        {preview.loading ? <Spinner size="sm" label="Updating the preview" /> : null}
      </div>
      {preview.error ? (
        <Alert variant="destructive" title="The preview could not be made">
          <p>{userMessageOf(preview.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={preview.retry}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {data && data.unknownFields.length > 0 ? (
        <Alert variant="warning" title="Unknown merge fields">
          <p>
            {data.unknownFields.map((f) => `{{${f}}}`).join(', ')}{' '}
            {data.unknownFields.length === 1 ? 'is' : 'are'} not a field we know, so{' '}
            {data.unknownFields.length === 1 ? 'it' : 'they'} would show as written. Use the Insert
            buttons: first name, full name, e-mail address or location.
          </p>
        </Alert>
      ) : null}
      <dl className="grid gap-1 rounded-lg bg-muted/50 p-3 text-sm">
        <div className="flex gap-2">
          <dt className="w-20 shrink-0 text-muted-foreground">Subject</dt>
          <dd className="min-w-0 font-medium break-words text-foreground">
            {data?.subject || <span className="text-muted-foreground italic">No subject yet</span>}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="w-20 shrink-0 text-muted-foreground">Preheader</dt>
          <dd className="min-w-0 break-words text-muted-foreground">{data?.preheader || '—'}</dd>
        </div>
      </dl>
      {data ? (
        <iframe
          title="E-mail preview"
          sandbox=""
          srcDoc={data.html}
          className="h-[32rem] w-full rounded-lg border border-border bg-white"
        />
      ) : (
        <div className="flex h-[32rem] items-center justify-center rounded-lg border border-dashed border-border text-sm text-muted-foreground">
          {preview.error ? 'No preview' : 'Making the preview…'}
        </div>
      )}
    </section>
  );
}
