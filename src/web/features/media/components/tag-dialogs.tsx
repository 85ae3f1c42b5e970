import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { tagSchema, type TagCount } from '#shared/contracts/media.contract.ts';
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
import { userMessageOf } from '../../../lib/errors.ts';
import { mediaApi } from '../api/media-api.ts';

function parseTags(text: string): { tags: string[]; error?: string } {
  const tags: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const parsed = tagSchema.safeParse(part);
    if (!parsed.success)
      return { tags, error: parsed.error.issues[0]?.message ?? 'Not a valid tag' };
    tags.push(parsed.data);
  }
  return { tags };
}

/** Adds or removes tags on every selected item. */
export function BulkTagDialog({
  ids,
  open,
  onOpenChange,
  onDone,
}: {
  ids: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const [errors, setErrors] = useState<{ add?: string | undefined; remove?: string | undefined }>(
    {},
  );
  const save = useMutation({
    mutationFn: (input: { add: string[]; remove: string[] }) =>
      mediaApi.bulkTags(ids, input.add, input.remove),
    onSuccess: () => {
      onDone();
      onOpenChange(false);
      setAdd('');
      setRemove('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const a = parseTags(add);
    const r = parseTags(remove);
    setErrors({ add: a.error, remove: r.error });
    if (a.error || r.error) return;
    if (a.tags.length === 0 && r.tags.length === 0) {
      setErrors({ add: 'Enter a tag to add or remove' });
      return;
    }
    save.mutate({ add: a.tags, remove: r.tags });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>
              Tag {ids.length} {ids.length === 1 ? 'item' : 'items'}
            </DialogTitle>
            <DialogDescription>Separate several tags with commas.</DialogDescription>
          </DialogHeader>
          <FormField label="Add tags" error={errors.add}>
            <Input
              value={add}
              onChange={(e) => setAdd(e.target.value)}
              placeholder="summer, launch"
            />
          </FormField>
          <FormField label="Remove tags" error={errors.remove} optional>
            <Input value={remove} onChange={(e) => setRemove(e.target.value)} />
          </FormField>
          {save.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {userMessageOf(save.error)}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Apply
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Every tag with its count; renaming one renames it on every item. */
export function ManageTagsDialog({
  tags,
  canUpdate,
  open,
  onOpenChange,
  onChanged,
}: {
  tags: TagCount[];
  canUpdate: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (input: { from: string; to: string }) => mediaApi.renameTag(input.from, input.to),
    onSuccess: () => {
      setEditing(null);
      onChanged();
    },
    onError: (e) => setError(userMessageOf(e)),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Tags</DialogTitle>
          <DialogDescription>
            Renaming a tag changes it on every item that has it.
          </DialogDescription>
        </DialogHeader>
        {tags.length === 0 ? <p className="text-sm text-muted-foreground">No tags yet.</p> : null}
        <ul className="grid max-h-80 gap-1 overflow-y-auto">
          {tags.map((t) => (
            <li
              key={t.tag}
              className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-muted"
            >
              {editing === t.tag ? (
                <form
                  className="flex flex-1 gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const parsed = tagSchema.safeParse(value);
                    if (!parsed.success) {
                      setError(parsed.error.issues[0]?.message ?? 'Not a valid tag');
                      return;
                    }
                    setError(null);
                    rename.mutate({ from: t.tag, to: parsed.data });
                  }}
                >
                  <Input
                    aria-label={`New name for ${t.tag}`}
                    value={value}
                    autoFocus
                    onChange={(e) => setValue(e.target.value)}
                  />
                  <Button type="submit" size="sm" loading={rename.isPending}>
                    Save
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <>
                  <span className="flex-1 text-sm">{t.tag}</span>
                  <span className="text-xs text-muted-foreground">{t.count}</span>
                  {canUpdate ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Rename ${t.tag}`}
                      onClick={() => {
                        setEditing(t.tag);
                        setValue(t.tag);
                        setError(null);
                      }}
                    >
                      Rename
                    </Button>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
