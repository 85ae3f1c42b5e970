import { z } from 'zod';
import type { ZodError } from 'zod';
import {
  assignInputSchema,
  INBOX_API,
  itemActionInputSchema,
  messageInputSchema,
  moderationRuleInputSchema,
  noteInputSchema,
  privateReplyInputSchema,
  replyInputSchema,
  responseTimesQuerySchema,
  savedReplyInputSchema,
  threadFiltersSchema,
  threadStatusInputSchema,
} from '#shared/contracts/inbox.contract.ts';
import type { Permission } from '#shared/permissions.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { respondWithError, validationHook } from '#server/platform/http/errors.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok, okJson } from '#server/platform/http/respond.ts';
import { fieldErrorsFromZod } from '#server/platform/validation.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { refuse, type ActionErrorCode } from './inbox-actions-refusal.ts';
import { replyToComment, sendMessage, sendPrivateReply } from './inbox-actions.ts';
import { itemAction } from './inbox-actions-items.ts';
import * as inbox from './inbox.service.ts';
import * as moderation from './moderation.service.ts';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';
import { responseTimes } from './response-times.ts';
import * as saved from './saved-replies.service.ts';

// /api/inbox: the social monitor (docs/decisions/091), the routes of
// src/shared/contracts/inbox.contract.ts. Every member reads; an action checks the person's
// permission before anything else, then its input, then asks the platform.

const tags = ['Inbox'];
const uuid = z.uuid({ error: 'Not a valid id' });
const idParams = z.object({ id: uuid });
const anyData = <T>() => z.any() as unknown as z.ZodType<T>;
const data = anyData<unknown>();
const syncInputSchema = z.strictObject({ connectionId: uuid.optional() });

/**
 * A send whose body does not parse is refused with the catalogue's message of what was asked
 * and the field's reason — after the permission, as every action is.
 */
function sendHook(code: ActionErrorCode, permission: Permission) {
  return (
    result: { success: true } | { success: false; error: ZodError; target?: string },
    c: AppContext,
  ) => {
    if (result.success || result.target !== 'json') return validationHook(result, c);
    requireAccess(actorOf(c), permission);
    const [field, reason] = Object.entries(fieldErrorsFromZod(result.error))[0] ?? ['text', ''];
    return respondWithError(c, refuse(code, field, reason).record);
  };
}

/** Any other body is refused after the permission too (a viewer learns nothing of the input). */
function permissionFirst(permission: Permission) {
  return (
    result: { success: true } | { success: false; error: ZodError; target?: string },
    c: AppContext,
  ) => {
    if (!result.success && result.target === 'json') requireAccess(actorOf(c), permission);
    return validationHook(result, c);
  };
}

export function createInboxRoutes(deps: AppDeps) {
  moderation.registerModeration();
  const router = createRouter();
  router.use(INBOX_API, requireActor);
  router.use(`${INBOX_API}/*`, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const path = (p: string) => `${INBOX_API}${p}`;
  const id = (c: { req: { valid(t: 'param'): { id: string } } }) => c.req.valid('param').id;

  router.openapi(
    createRoute({
      method: 'get',
      path: path('/threads'),
      summary: 'Threads of a tab, filtered, newest platform time first, with the filter counts',
      tags,
      request: { query: threadFiltersSchema },
      responses: envelope(data),
    }),
    async (c) => okJson(c, await inbox.listThreadsJson(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: path('/threads/{id}'),
      summary: 'A thread with its items, notes and post; marks it read',
      tags,
      request: { params: idParams },
      responses: envelope(data),
    }),
    async (c) => ok(c, await inbox.getThread(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: path('/threads/{id}/replies'),
      summary: 'Reply to a comment of the thread',
      tags,
      request: { params: idParams, body: jsonBody(replyInputSchema) },
      responses: envelope(data, 201),
    }),
    async (c) => ok(c, await replyToComment(context(c), id(c), c.req.valid('json')), 201),
    sendHook('COMMENT_REPLY_ERROR', 'reply:inbox') as never,
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: path('/threads/{id}/messages'),
      summary: 'Send a direct message (text or a library image) inside the reply window',
      tags,
      request: { params: idParams, body: jsonBody(messageInputSchema) },
      responses: envelope(data, 201),
    }),
    async (c) => ok(c, await sendMessage(context(c), id(c), c.req.valid('json')), 201),
    sendHook('DIRECT_MESSAGE_ERROR', 'reply:inbox') as never,
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: path('/threads/{id}/private-replies'),
      summary: 'Answer a comment with one private message',
      tags,
      request: { params: idParams, body: jsonBody(privateReplyInputSchema) },
      responses: envelope(data, 201),
    }),
    async (c) => ok(c, await sendPrivateReply(context(c), id(c), c.req.valid('json')), 201),
    sendHook('DIRECT_MESSAGE_ERROR', 'reply:inbox') as never,
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: path('/items/{id}/actions'),
      summary: 'Hide, unhide, delete, like or unlike a comment',
      tags,
      request: { params: idParams, body: jsonBody(itemActionInputSchema) },
      responses: envelope(data),
    }),
    async (c) => ok(c, await itemAction(context(c), id(c), c.req.valid('json').action)),
    permissionFirst('reply:inbox') as never,
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: path('/threads/{id}/assignee'),
      summary: 'Assign the thread to a member, or to nobody',
      tags,
      request: { params: idParams, body: jsonBody(assignInputSchema) },
      responses: envelope(data),
    }),
    async (c) => ok(c, await inbox.assignThread(context(c), id(c), c.req.valid('json').userId)),
    permissionFirst('reply:inbox') as never,
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: path('/threads/{id}/status'),
      summary: 'Mark the thread done, or open again',
      tags,
      request: { params: idParams, body: jsonBody(threadStatusInputSchema) },
      responses: envelope(data),
    }),
    async (c) => ok(c, await inbox.setThreadStatus(context(c), id(c), c.req.valid('json').status)),
    permissionFirst('reply:inbox') as never,
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: path('/threads/{id}/read'),
      summary: 'Mark the thread read',
      tags,
      request: { params: idParams },
      responses: envelope(data),
    }),
    async (c) => ok(c, await inbox.markRead(context(c), id(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: path('/threads/{id}/notes'),
      summary: 'An internal note on the thread',
      tags,
      request: { params: idParams, body: jsonBody(noteInputSchema) },
      responses: envelope(data, 201),
    }),
    async (c) => ok(c, await inbox.addNote(context(c), id(c), c.req.valid('json').body), 201),
    permissionFirst('reply:inbox') as never,
  );

  registerSettingsRoutes(router, context, path, id);
  return router;
}

type Router = ReturnType<typeof createRouter>;

function registerSettingsRoutes(
  router: Router,
  context: (c: AppContext) => ServiceContext,
  path: (p: string) => string,
  id: (c: { req: { valid(t: 'param'): { id: string } } }) => string,
) {
  const simple = (
    method: 'get' | 'post' | 'put' | 'delete',
    p: string,
    summary: string,
    handler: (c: AppContext) => Promise<unknown>,
    status: 200 | 201 = 200,
  ) =>
    router.openapi(
      createRoute({
        method,
        path: path(p),
        summary,
        tags,
        ...(p.includes('{id}') ? { request: { params: idParams } } : {}),
        responses: envelope(data, status),
      }),
      async (c) => ok(c, await handler(c as unknown as AppContext), status),
    );
  const withBody = <S extends z.ZodType>(
    method: 'post' | 'put',
    p: string,
    summary: string,
    schema: S,
    permission: Permission,
    handler: (c: AppContext, body: z.output<S>) => Promise<unknown>,
    status: 200 | 201 = 200,
  ) =>
    router.openapi(
      createRoute({
        method,
        path: path(p),
        summary,
        tags,
        request: {
          ...(p.includes('{id}') ? { params: idParams } : {}),
          body: jsonBody(schema),
        },
        responses: envelope(data, status),
      }),
      async (c) =>
        ok(
          c,
          await handler(
            c as unknown as AppContext,
            (c.req as never as { valid(t: 'json'): z.output<S> }).valid('json'),
          ),
          status,
        ),
      permissionFirst(permission) as never,
    );
  const param = (c: AppContext) => id(c as never);

  simple('get', '/saved-replies', 'Saved replies', (c) => saved.listSavedReplies(context(c)));
  withBody(
    'post',
    '/saved-replies',
    'Add a saved reply',
    savedReplyInputSchema,
    'manage:inbox',
    (c, body) => saved.createSavedReply(context(c), body),
    201,
  );
  withBody(
    'put',
    '/saved-replies/{id}',
    'Change a saved reply',
    savedReplyInputSchema,
    'manage:inbox',
    (c, body) => saved.updateSavedReply(context(c), param(c), body),
  );
  simple('delete', '/saved-replies/{id}', 'Delete a saved reply', (c) =>
    saved.deleteSavedReply(context(c), param(c)),
  );

  simple('get', '/moderation/rules', 'Moderation rules', (c) => moderation.listRules(context(c)));
  withBody(
    'post',
    '/moderation/rules',
    'Add a moderation rule',
    moderationRuleInputSchema,
    'manage:inbox',
    (c, body) => moderation.createRule(context(c), body),
    201,
  );
  withBody(
    'put',
    '/moderation/rules/{id}',
    'Change a moderation rule',
    moderationRuleInputSchema,
    'manage:inbox',
    (c, body) => moderation.updateRule(context(c), param(c), body),
  );
  simple('delete', '/moderation/rules/{id}', 'Delete a moderation rule', (c) =>
    moderation.deleteRule(context(c), param(c)),
  );
  simple('get', '/moderation/actions', 'What the rules did', (c) =>
    moderation.listActions(context(c)),
  );
  simple('post', '/moderation/actions/{id}/undo', 'Undo what a rule did', (c) =>
    moderation.undoAction(context(c), param(c)),
  );

  simple('get', '/sync', 'Sync state of every account', (c) => inbox.readSyncStates(context(c)));
  withBody('post', '/sync', 'Sync now', syncInputSchema, 'reply:inbox', (c, body) =>
    inbox.syncNow(context(c), body.connectionId),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: path('/response-times'),
      summary: 'Response times: median, p90 and share within target',
      tags,
      request: { query: responseTimesQuerySchema },
      responses: envelope(data),
    }),
    async (c) => ok(c, await responseTimes(context(c), c.req.valid('query'))),
  );
  simple('get', '/unread', 'Unread and waiting counts', (c) => inbox.getUnread(context(c)));
  simple('get', '/notifications', 'My notifications', (c) => listNotifications(context(c)));
  simple('post', '/notifications/read', 'Mark my notifications read', (c) =>
    markNotificationsRead(context(c)),
  );
}
