import { z } from 'zod';
import { contactSchema } from '#shared/contracts/audience.contract.ts';
import {
  boardSchema,
  crmMemberOptionSchema,
  crmRoutes,
  noteSchema,
  timelinePageSchema,
} from '#shared/contracts/crm.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { getBoard, listMembers, moveStage, setOwner } from './crm-board.ts';
import { createNote, deleteNote, listNotes, updateNote } from './crm-notes.ts';
import { getTimeline } from './crm-timeline.ts';

// The CRM add-on's routes under /api/audience (docs/decisions/099-crm.md): a contact's notes,
// timeline, stage and owner, the board and the owner picker's members. The bodies and the
// timeline's query are checked by the services against crm.contract.ts after the person's
// permission and the add-on, so a viewer or a business without the add-on learns nothing from
// what it sent.

const tags = ['Audience'];
const uuid = z.uuid({ error: 'Not a valid id' });
const idParams = z.object({ id: uuid });
const noteParams = z.object({ id: uuid, noteId: uuid });
const checkedByService = (name: string) =>
  jsonBody(z.unknown().describe(`${name} of shared/contracts/crm.contract.ts`));

export function createCrmRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(crmRoutes.board, requireActor);
  router.use(crmRoutes.members, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const id = (c: { req: { valid(t: 'param'): { id: string } } }) => c.req.valid('param').id;
  const body = (c: { req: { valid(t: 'json'): unknown } }) => c.req.valid('json');

  router.openapi(
    createRoute({
      method: 'get',
      path: crmRoutes.notes,
      summary: "A contact's notes, newest first",
      tags,
      request: { params: idParams },
      responses: envelope(z.array(noteSchema)),
    }),
    async (c) => ok(c, await listNotes(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: crmRoutes.notes,
      summary: 'Add a note to a contact',
      tags,
      request: { params: idParams, body: checkedByService('noteInputSchema') },
      responses: envelope(noteSchema, 201),
    }),
    async (c) => ok(c, await createNote(context(c), id(c), body(c)), 201),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: crmRoutes.note,
      summary: 'Change a note (its author only)',
      tags,
      request: { params: noteParams, body: checkedByService('noteInputSchema') },
      responses: envelope(noteSchema),
    }),
    async (c) => {
      const params = c.req.valid('param');
      return ok(c, await updateNote(context(c), params.id, params.noteId, body(c)));
    },
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: crmRoutes.note,
      summary: 'Remove a note (its author, the owner or a manager)',
      tags,
      request: { params: noteParams },
      responses: envelope(z.object({ id: z.uuid() })),
    }),
    async (c) => {
      const params = c.req.valid('param');
      return ok(c, await deleteNote(context(c), params.id, params.noteId));
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: crmRoutes.timeline,
      summary: "A contact's interactions, notes and activity, newest first, a page at a time",
      tags,
      request: {
        params: idParams,
        query: z.object({ before: z.string().optional().describe('nextBefore of the last page') }),
      },
      responses: envelope(timelinePageSchema),
    }),
    async (c) => ok(c, await getTimeline(context(c), id(c), c.req.query())),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: crmRoutes.stage,
      summary: 'Move a contact to a stage; the move is recorded on its timeline',
      tags,
      request: { params: idParams, body: checkedByService('moveStageInputSchema') },
      responses: envelope(contactSchema),
    }),
    async (c) => ok(c, await moveStage(context(c), id(c), body(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: crmRoutes.owner,
      summary: 'The member who looks after a contact (null: nobody); recorded on its timeline',
      tags,
      request: { params: idParams, body: checkedByService('setOwnerInputSchema') },
      responses: envelope(contactSchema),
    }),
    async (c) => ok(c, await setOwner(context(c), id(c), body(c))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: crmRoutes.board,
      summary: 'The board: per stage, its number of contacts and the most recent of them',
      tags,
      responses: envelope(boardSchema),
    }),
    async (c) => ok(c, await getBoard(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: crmRoutes.members,
      summary: 'The business owner and members, who may look after a contact',
      tags,
      responses: envelope(z.array(crmMemberOptionSchema)),
    }),
    async (c) => ok(c, await listMembers(context(c))),
  );

  return router;
}
