import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useUserId } from '../../auth/index.ts';
import { mediaApi, mediaKeys } from '../api/media-api.ts';
import { formatBytes } from '#shared/file-size.ts';

interface CleanupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCleaned: (deleted: string[], freed: number) => void;
}

/** Shows what cleanup would delete and how much space it frees, and deletes only on confirmation. */
export function CleanupDialog({ open, onOpenChange, onCleaned }: CleanupDialogProps) {
  const [daysText, setDaysText] = useState('30');
  const userId = useUserId() ?? 'anonymous';
  const days = /^\d{1,4}$/.test(daysText) ? Number(daysText) : null;
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const preview = useQuery({
    queryKey: mediaKeys.cleanup(userId, days ?? -1),
    queryFn: ({ signal }) => mediaApi.cleanupPreview(days!, signal),
    enabled: open && days !== null,
    meta: { handlesErrors: true },
  });
  const chosen = (preview.data?.candidates ?? []).filter((c) => !excluded.has(c.id));
  const freed = chosen.reduce((n, c) => n + c.size_bytes, 0);
  const run = useMutation({
    mutationFn: () =>
      mediaApi.cleanup(
        days!,
        chosen.map((c) => c.id),
      ),
    onSuccess: (result) => {
      onCleaned(result.deleted, result.freed_bytes);
      onOpenChange(false);
    },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Clean up the library</DialogTitle>
          <DialogDescription>
            Items no post or campaign uses, uploaded more than the chosen number of days ago, and
            exact copies of another item. One copy of every file is always kept.
          </DialogDescription>
        </DialogHeader>
        <FormField
          label="Unused for more than (days)"
          error={days === null ? 'Please enter a whole number of days' : undefined}
        >
          <Input
            inputMode="numeric"
            value={daysText}
            onChange={(e) => setDaysText(e.target.value)}
            className="w-32"
          />
        </FormField>
        {preview.isPending && days !== null ? (
          <Skeleton className="h-40" />
        ) : preview.isError ? (
          <Alert variant="destructive">{userMessageOf(preview.error)}</Alert>
        ) : preview.data && preview.data.candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing to clean up. Your library is tidy.
          </p>
        ) : preview.data ? (
          <div className="grid gap-2">
            <p className="text-sm" data-testid="cleanup-summary">
              {chosen.length} {chosen.length === 1 ? 'item' : 'items'} selected, freeing{' '}
              <strong>{formatBytes(freed)}</strong>.
            </p>
            <ul className="max-h-72 divide-y divide-border overflow-y-auto rounded-lg border border-border">
              {preview.data.candidates.map((c) => (
                <li key={c.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={!excluded.has(c.id)}
                    aria-label={`Delete ${c.name}`}
                    onChange={() =>
                      setExcluded((set) => {
                        const next = new Set(set);
                        if (next.has(c.id)) next.delete(c.id);
                        else next.add(c.id);
                        return next;
                      })
                    }
                  />
                  <span className="min-w-0 flex-1 truncate">{c.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {c.reason === 'duplicate' ? 'Duplicate' : 'Unused'} ·{' '}
                    {formatBytes(c.size_bytes)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {run.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {userMessageOf(run.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={chosen.length === 0 || days === null}
            loading={run.isPending}
            onClick={() => run.mutate()}
          >
            Delete {chosen.length} {chosen.length === 1 ? 'item' : 'items'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
