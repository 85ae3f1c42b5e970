import { useState } from 'react';
import { toast } from 'sonner';
import { CalendarPlus, Copy } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useCalendarFeed, useCalendarFeedMutations } from '../api/use-calendar-feed.ts';

/**
 * The private subscription link (decision 070). Only a hash of its secret is stored, so the
 * link is shown once, when made; after that the dialog can only replace it or turn it off.
 */
export function FeedDialog() {
  const [open, setOpen] = useState(false);
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const feed = useCalendarFeed();
  const { create, remove } = useCalendarFeedMutations();
  const error = create.error ?? remove.error;

  async function makeLink() {
    const made = await create.mutateAsync();
    setShownUrl(made.url);
    setConfirmReplace(false);
  }

  async function copy() {
    if (!shownUrl) return;
    try {
      await navigator.clipboard.writeText(shownUrl);
      toast.success('Link copied');
    } catch {
      toast.error('Copy did not work: select the link and copy it yourself');
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setShownUrl(null);
          setConfirmReplace(false);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarPlus aria-hidden className="size-4" /> Subscribe
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Subscribe in your calendar app</DialogTitle>
          <DialogDescription>
            A private link that Google Calendar, Apple Calendar or Outlook can subscribe to. It
            shows your planned posts and notes, and updates about once an hour.
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="destructive">{userMessageOf(error)}</Alert> : null}
        {feed.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : feed.isError ? (
          <Alert variant="destructive">{userMessageOf(feed.error)}</Alert>
        ) : shownUrl ? (
          <div className="grid gap-3">
            <FormField
              label="Your private calendar link"
              hint="Copy it now: for your security it is not shown again. Anyone with this link can see your calendar."
            >
              <Input readOnly value={shownUrl} onFocus={(e) => e.currentTarget.select()} />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden className="size-4" /> Copy link
              </Button>
              <Button asChild variant="outline">
                <a href={shownUrl.replace(/^https?:/, 'webcal:')}>Open in calendar app</a>
              </Button>
            </div>
          </div>
        ) : feed.data.active ? (
          <div className="grid gap-3">
            <Alert variant="success" title="Your calendar link is on">
              Made{' '}
              {new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
                new Date(feed.data.created_at!),
              )}
              . Lost it, or shared it by mistake? Make a new one: the old link stops working.
            </Alert>
            {confirmReplace ? (
              <div
                role="alertdialog"
                aria-label="Replace the link"
                className="grid gap-3 rounded-lg border border-warning/40 bg-warning/5 p-3"
              >
                <p className="text-sm">
                  Calendar apps subscribed to the old link will stop updating. Continue?
                </p>
                <div className="flex justify-end gap-2">
                  <Button variant="outline" size="sm" onClick={() => setConfirmReplace(false)}>
                    Keep the old link
                  </Button>
                  <Button size="sm" loading={create.isPending} onClick={() => void makeLink()}>
                    Make a new link
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="ghost"
                  className="text-destructive"
                  loading={remove.isPending}
                  onClick={() =>
                    void remove.mutateAsync().then(() => toast.success('Calendar link turned off'))
                  }
                >
                  Turn off
                </Button>
                <Button variant="outline" onClick={() => setConfirmReplace(true)}>
                  Make a new link
                </Button>
              </div>
            )}
          </div>
        ) : (
          <div className="flex justify-end">
            <Button loading={create.isPending} onClick={() => void makeLink()}>
              Create my calendar link
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
