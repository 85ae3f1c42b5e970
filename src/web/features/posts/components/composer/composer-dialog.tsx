import { useRef, useState, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { LoadError } from '../../../../components/ui/query-status.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { cn } from '../../../../lib/cn.ts';
import { useComposerPost } from '../../api/use-post.ts';
import { ComposerForm } from './composer-form.tsx';
import type { ComposerDialogProps } from './composer-props.ts';

export type {
  ComposerDialogProps,
  ComposerPermissions,
  ComposerPrefill,
} from './composer-props.ts';

/**
 * The post composer: a full-height sheet over the calendar with the editor on the left and the
 * per-account previews on the right (stacked on a phone).
 */
export function ComposerDialog(props: ComposerDialogProps) {
  // The post it opened on.
  const [openedOn] = useState(props.eventId);
  const loaded = useComposerPost(openedOn);
  const closeGuardRef = useRef<() => void>(() => props.onClose());
  const initialFocus = useRef<HTMLTextAreaElement>(null);
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => (open ? undefined : closeGuardRef.current())}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            if (initialFocus.current) {
              e.preventDefault();
              initialFocus.current.focus();
            }
          }}
          className={cn(
            'fixed inset-0 z-50 flex flex-col overflow-hidden bg-background text-foreground shadow-xl',
            'sm:inset-y-3 sm:right-auto sm:left-1/2 sm:w-[calc(100%-1.5rem)] sm:max-w-[1240px] sm:-translate-x-1/2 sm:rounded-xl sm:border sm:border-border',
          )}
          data-testid="composer"
        >
          {openedOn === null ? (
            <ComposerForm
              {...props}
              post={null}
              closeGuardRef={closeGuardRef}
              initialFocus={initialFocus}
            />
          ) : loaded.isPending ? (
            <Shell title="Edit post" onClose={props.onClose}>
              <div className="grid gap-4 p-5" aria-busy="true" aria-label="Loading the post">
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-40 w-full" />
                <Skeleton className="h-24 w-full" />
              </div>
            </Shell>
          ) : loaded.isError ? (
            <Shell title="Edit post" onClose={props.onClose}>
              <div className="p-5">
                <LoadError
                  title="This post could not be opened"
                  error={loaded.error}
                  retrying={loaded.isFetching}
                  onRetry={loaded.refetch}
                />
              </div>
            </Shell>
          ) : (
            <ComposerForm
              {...props}
              post={loaded.data}
              closeGuardRef={closeGuardRef}
              initialFocus={initialFocus}
            />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function Shell({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <>
      <header className="flex items-center justify-between border-b border-border px-5 py-3">
        <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
          <X aria-hidden className="size-5" />
        </Button>
      </header>
      <div className="flex-1 overflow-y-auto">{children}</div>
    </>
  );
}
