import { BookmarkCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useSavedReplies } from '../api/use-inbox-queries.ts';

/** Saved replies to insert into the reply, their variables filled by the caller. */
export function SavedRepliesMenu({ onInsert }: { onInsert(body: string): void }) {
  const saved = useSavedReplies();
  const list = saved.data ?? [];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm">
          <BookmarkCheck aria-hidden className="size-4" />
          Saved replies
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 w-72 overflow-y-auto">
        <DropdownMenuLabel>Insert a saved reply</DropdownMenuLabel>
        {saved.isPending ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">Loading…</p>
        ) : saved.isError ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">
            Saved replies could not be loaded.
          </p>
        ) : list.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">
            No saved replies yet.{' '}
            <Link to="?panel=saved-replies" className="text-link underline">
              Add one
            </Link>
          </p>
        ) : (
          list.map((reply) => (
            <DropdownMenuItem
              key={reply.id}
              onSelect={() => onInsert(reply.body)}
              className="grid gap-0.5"
            >
              <span className="font-medium">{reply.title}</span>
              <span className="line-clamp-2 text-xs text-muted-foreground">{reply.body}</span>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
