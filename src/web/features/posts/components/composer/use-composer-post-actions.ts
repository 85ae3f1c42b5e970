import { useState } from 'react';
import { toast } from 'sonner';
import type { Post } from '#shared/contracts/posts.contract.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useDeletePost } from '../../api/use-delete-post.ts';
import { useSavePost } from '../../api/use-save-post.ts';
import { duplicateBody } from '../../lib/duplicate-post.ts';

/**
 * Duplicate and Delete of the saved post open in the composer (as the calendar's quick view
 * offers them): a copy as a draft, opened in its place; or the post removed from the calendar,
 * asked once. A refusal is said in a toast; nothing typed here is touched.
 */
export function useComposerPostActions(
  post: Post | null,
  handlers: { onOpenPost(id: string): void; onDeleted(): void },
) {
  const save = useSavePost();
  const remove = useDeletePost();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  async function duplicate() {
    if (!post) return;
    try {
      const copy = await save.mutateAsync({ id: null, body: duplicateBody(post, post.deliveries) });
      toast.success('Duplicated as a draft');
      handlers.onOpenPost(copy.id);
    } catch (error) {
      toast.error(userMessageOf(error));
    }
  }

  async function deletePost() {
    if (!post) return;
    try {
      await remove.mutateAsync(post.id);
      setConfirmingDelete(false);
      toast.success('Deleted');
      handlers.onDeleted();
    } catch (error) {
      setConfirmingDelete(false);
      toast.error(userMessageOf(error));
    }
  }

  return {
    duplicating: save.isPending,
    deleting: remove.isPending,
    confirmingDelete,
    askDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    duplicate,
    deletePost,
  };
}
