import type { FormEvent } from 'react';
import { X } from 'lucide-react';
import type { MediaDetails } from '#shared/contracts/media.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** The file's tags, removable one by one, and a field to add one. */
export function MediaTags({
  item,
  canUpdate,
  busy,
  error,
  tag,
  onTag,
  onAdd,
  onRemove,
}: {
  item: MediaDetails;
  canUpdate: boolean;
  busy: boolean;
  error: string | null;
  /** What is typed in the new tag's field. */
  tag: string;
  onTag(tag: string): void;
  onAdd(event: FormEvent): void;
  onRemove(tag: string): void;
}) {
  return (
    <section aria-labelledby="media-tags" className="grid gap-2">
      <h3 id="media-tags" className="text-sm font-semibold">
        Tags
      </h3>
      <ul className="flex flex-wrap gap-1.5">
        {item.tags.length === 0 ? (
          <li className="text-sm text-muted-foreground">No tags yet.</li>
        ) : null}
        {item.tags.map((t) => (
          <li key={t}>
            <Badge variant="outline" className="gap-1">
              {t}
              {canUpdate ? (
                <button
                  type="button"
                  aria-label={`Remove tag ${t}`}
                  className="rounded-sm hover:text-destructive"
                  onClick={() => onRemove(t)}
                >
                  <X aria-hidden className="size-3" />
                </button>
              ) : null}
            </Badge>
          </li>
        ))}
      </ul>
      {canUpdate ? (
        <form className="flex gap-2" onSubmit={onAdd}>
          <Input
            aria-label="New tag"
            placeholder="Add a tag"
            value={tag}
            maxLength={40}
            onChange={(e) => onTag(e.target.value)}
          />
          <Button type="submit" variant="outline" loading={busy} disabled={!tag.trim()}>
            Add
          </Button>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </section>
  );
}
