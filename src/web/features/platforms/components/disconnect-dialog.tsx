import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { platformKeys, platformsApi } from '../api/platforms-api.ts';
import { PLATFORM_LABELS } from '../lib/health.ts';

/** Disconnecting asks what happens to the account's scheduled posts (docs/decisions/056). */
export function DisconnectDialog({
  connection,
  open,
  onOpenChange,
}: {
  connection: Connection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<'keep' | 'cancel'>('keep');
  const mutation = useMutation({
    mutationFn: () => platformsApi.disconnect(connection.id, { scheduled_posts: choice }),
    onSuccess: async (result) => {
      toast.success(
        result.cancelled_posts > 0
          ? `${connection.name} was disconnected and ${result.cancelled_posts} scheduled ${result.cancelled_posts === 1 ? 'post was' : 'posts were'} cancelled.`
          : `${connection.name} was disconnected.`,
      );
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: platformKeys.all });
    },
    onError: (error) => toast.error(userMessageOf(error)),
  });
  const posts = connection.scheduled_posts;
  const label = PLATFORM_LABELS[connection.platform];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disconnect {connection.name}?</DialogTitle>
          <DialogDescription>
            Soci Gen stops publishing to this {label} and forgets its access. Its history stays, and
            you can reconnect it at any time.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-foreground">
            {posts > 0
              ? `${posts} scheduled ${connection.platform === 'facebook' ? 'Facebook' : 'Instagram'} ${posts === 1 ? 'post' : 'posts'}`
              : 'Scheduled posts'}
          </legend>
          {(
            [
              ['keep', 'Keep them scheduled', 'They publish once an account is connected again.'],
              ['cancel', 'Cancel them', 'They stay on your calendar, marked cancelled.'],
            ] as const
          ).map(([value, title, hint]) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name={`scheduled-${connection.id}`}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="mt-1 accent-primary"
              />
              <span>
                <span className="block text-sm font-medium text-foreground">{title}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep connected
          </Button>
          <Button
            variant="destructive"
            loading={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            Disconnect
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
