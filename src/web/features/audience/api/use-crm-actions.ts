import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactDetail } from '#shared/contracts/audience.contract.ts';
import type { Board } from '#shared/contracts/crm.contract.ts';
import { audienceKeys } from './keys.ts';
import { crmApi, crmKeys, useCrmUser } from './use-crm-queries.ts';

// The CRM add-on's writes. A note's change refreshes the contact's notes and timeline; a stage or
// owner change refreshes the contact (and with it its timeline), the board and the lists. A move
// on the board shows at once and is put back if the server refuses it.

function useRefresh(id: string) {
  const client = useQueryClient();
  const userId = useCrmUser();
  return {
    client,
    userId,
    notes: () => {
      void client.invalidateQueries({ queryKey: crmKeys.notes(userId, id) });
      void client.invalidateQueries({ queryKey: crmKeys.timeline(userId, id) });
    },
    contact: (contact?: Contact) => {
      if (contact) {
        client.setQueryData<ContactDetail>(audienceKeys.contact(userId, id), (current) =>
          current ? { ...current, ...contact } : current,
        );
      }
      void client.invalidateQueries({ queryKey: audienceKeys.contact(userId, id) });
      void client.invalidateQueries({ queryKey: crmKeys.board(userId) });
      void client.invalidateQueries({ queryKey: audienceKeys.contactLists(userId) });
      void client.invalidateQueries({ queryKey: audienceKeys.segments(userId) });
    },
  };
}

export function useAddNote(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: string) => crmApi.addNote(id, body),
    onSuccess: refresh.notes,
  });
}

export function useEditNote(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId: string; body: string }) =>
      crmApi.editNote(id, noteId, body),
    onSuccess: refresh.notes,
  });
}

export function useDeleteNote(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (noteId: string) => crmApi.deleteNote(id, noteId),
    onSuccess: refresh.notes,
  });
}

export function useSetOwner(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (ownerId: string | null) => crmApi.setOwner(id, ownerId),
    onSuccess: (contact) => refresh.contact(contact),
  });
}

/** The board with a card moved to `stage`: out of its column, first in the other, totals kept. */
export function boardWithMove(board: Board, contactId: string, stage: Contact['stage']): Board {
  const card = board.columns.flatMap((c) => c.contacts).find((c) => c.id === contactId);
  if (!card || card.stage === stage) return board;
  return {
    columns: board.columns.map((column) => {
      if (column.stage === card.stage) {
        return {
          ...column,
          total: Math.max(0, column.total - 1),
          contacts: column.contacts.filter((c) => c.id !== contactId),
        };
      }
      if (column.stage === stage) {
        return {
          ...column,
          total: column.total + 1,
          contacts: [{ ...card, stage }, ...column.contacts],
        };
      }
      return column;
    }),
  };
}

/** A move on the board: shown at once, put back when refused. */
export function useMoveStage() {
  const client = useQueryClient();
  const userId = useCrmUser();
  const key = crmKeys.board(userId);
  return useMutation({
    mutationFn: ({ contactId, stage }: { contactId: string; stage: Contact['stage'] }) =>
      crmApi.moveStage(contactId, stage),
    onMutate: async ({ contactId, stage }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Board>(key);
      if (before) client.setQueryData<Board>(key, boardWithMove(before, contactId, stage));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) client.setQueryData<Board>(key, context.before);
    },
    onSettled: (_answer, _error, { contactId }) => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: audienceKeys.contact(userId, contactId) });
      void client.invalidateQueries({ queryKey: audienceKeys.contactLists(userId) });
      void client.invalidateQueries({ queryKey: audienceKeys.segments(userId) });
    },
  });
}
