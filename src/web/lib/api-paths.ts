import type { MediaVariant } from '#shared/contracts/media.contract.ts';
import { accountPaths, authPaths } from './routes.ts';

// The API paths of the dashboard's areas, written once each (lib/routes.ts has those the first
// download of `/` needs). Plain strings, as lib/routes.ts explains; routes.test.ts keeps them
// equal to the contracts.

const enc = encodeURIComponent;

export const accountSecurityPaths = {
  mfa: '/api/mfa',
  mfaSetup: '/api/mfa/setup',
  mfaEnable: '/api/mfa/enable',
  mfaDisable: '/api/mfa/disable',
  mfaBackupCodes: '/api/mfa/backup-codes',
  account: '/api/account',
  accountEmail: '/api/account/email',
  accountPassword: '/api/account/password',
  accountSessions: '/api/account/sessions',
  accountSession: (id: string) => `/api/account/sessions/${id}`,
  accountAvatar: '/api/account/avatar',
  accountDelete: '/api/account/delete',
  notificationPreferences: '/api/account/notifications',
  businessLogo: '/api/business-profile/logo',
  deletionRequest: (code: string) => `/api/deletion-requests/${enc(code)}`,
} as const;

export const subscriptionPaths = {
  continueOnFree: '/api/subscription/continue-free',
} as const;

/** The calendar's reads of posts, notes and campaigns (docs/decisions/072, 087). */
export const calendarPaths = {
  events: '/api/calendar-events',
  upcoming: '/api/calendar-events/upcoming',
  aiContent: '/api/calendar-events/ai-content',
  feed: '/api/calendar-events/feed',
  event: (id: string) => `/api/calendar-events/${id}`,
} as const;

/** The calendar's planning reads: the Instagram grid, the ideas tray, chips' covers (decision 078). */
export const planningPaths = {
  planned: '/api/calendar-events/planned',
  ideas: '/api/calendar-events/ideas',
  covers: '/api/calendar-events/covers',
  campaigns: '/api/calendar-events/campaigns',
} as const;

/** A post saved, read, moved and deleted, each in one request (docs/decisions/087). */
export const postsPaths = {
  posts: '/api/posts',
  post: (id: string) => `/api/posts/${id}`,
  schedule: (id: string) => `/api/posts/${id}/schedule`,
} as const;

/** The posting queue (docs/decisions/077). */
export const queuePaths = {
  queue: '/api/queue',
  posts: '/api/queue/posts',
  slots: (connectionId: string) => `/api/queue/accounts/${connectionId}/slots`,
  order: (connectionId: string) => `/api/queue/accounts/${connectionId}/order`,
  shuffle: (connectionId: string) => `/api/queue/accounts/${connectionId}/shuffle`,
  top: (connectionId: string, postId: string) =>
    `/api/queue/accounts/${connectionId}/posts/${postId}/top`,
  post: (connectionId: string, postId: string) =>
    `/api/queue/accounts/${connectionId}/posts/${postId}`,
  pause: (connectionId: string) => `/api/queue/accounts/${connectionId}/pause`,
  resume: (connectionId: string) => `/api/queue/accounts/${connectionId}/resume`,
} as const;

export const publishingPaths = {
  quota: '/api/publishing/quota',
  live: '/api/publishing/live',
} as const;

export const mediaPaths = {
  list: '/api/media',
  upload: '/api/media/upload',
  usage: '/api/media/usage',
  tags: '/api/media/tags',
  renameTag: '/api/media/tags/rename',
  bulkTags: '/api/media/bulk/tags',
  bulkDelete: '/api/media/bulk/delete',
  cleanup: '/api/media/cleanup',
  item: (id: string) => `/api/media/${id}`,
  file: (id: string, variant: MediaVariant = 'original') => `/api/media/${id}/file/${variant}`,
} as const;

export const platformPaths = {
  status: '/api/platforms/status',
  connections: '/api/platforms/connections',
  check: (id: string) => `/api/platforms/connections/${id}/check`,
  disconnect: (id: string) => `/api/platforms/connections/${id}/disconnect`,
  media: (id: string) => `/api/platforms/connections/${id}/media`,
  start: '/api/platforms/oauth/start',
  callback: '/api/platforms/oauth/callback',
  connectSelected: (attemptId: string) => `/api/platforms/oauth/${attemptId}/connect`,
  facebookSignIn: '/api/auth/facebook/start',
  facebookSignInAvailable: '/api/auth/facebook/available',
} as const;

export const aiContentPaths = {
  status: '/api/ai-content/status',
  generations: '/api/ai-content/generations',
  stream: '/api/ai-content/generations/stream',
  generation: (id: string) => `/api/ai-content/generations/${id}`,
  saveVariant: (id: string, index: number) =>
    `/api/ai-content/generations/${id}/variants/${index}/event`,
} as const;

export const staffPaths = {
  me: '/api/staff/me',
  activeTenant: '/api/staff/active-tenant',
  invitations: '/api/staff/invitations',
  invitation: (id: string) => `/api/staff/invitations/${enc(id)}`,
  resend: (id: string) => `/api/staff/invitations/${enc(id)}/resend`,
  link: (id: string) => `/api/staff/invitations/${enc(id)}/link`,
  members: '/api/staff/members',
  member: (userId: string) => `/api/staff/members/${enc(userId)}`,
  preview: (token: string) => `/api/invitations/${enc(token)}`,
  accept: '/api/invitations/accept',
} as const;

export const adminPaths = {
  setup: '/api/admin/setup',
  accounts: '/api/admin/accounts',
  system: '/api/admin/system',
  userStatus: (id: string) => `/api/admin/users/${enc(id)}/status`,
  userRoles: (id: string) => `/api/admin/users/${enc(id)}/roles`,
  userSubscription: (id: string) => `/api/admin/users/${enc(id)}/subscription`,
} as const;

export const devMailboxPaths = {
  list: '/api/dev/mailbox',
  unlock: '/api/dev/mailbox/unlock',
  message: (id: string) => `/api/dev/mailbox/${enc(id)}`,
} as const;

/** The social monitor (docs/decisions/091; the route list of inbox.contract.ts). */
export const inboxPaths = {
  threads: '/api/inbox/threads',
  thread: (id: string) => `/api/inbox/threads/${enc(id)}`,
  replies: (id: string) => `/api/inbox/threads/${enc(id)}/replies`,
  messages: (id: string) => `/api/inbox/threads/${enc(id)}/messages`,
  privateReplies: (id: string) => `/api/inbox/threads/${enc(id)}/private-replies`,
  assignee: (id: string) => `/api/inbox/threads/${enc(id)}/assignee`,
  status: (id: string) => `/api/inbox/threads/${enc(id)}/status`,
  read: (id: string) => `/api/inbox/threads/${enc(id)}/read`,
  notes: (id: string) => `/api/inbox/threads/${enc(id)}/notes`,
  itemActions: (itemId: string) => `/api/inbox/items/${enc(itemId)}/actions`,
  savedReplies: '/api/inbox/saved-replies',
  savedReply: (id: string) => `/api/inbox/saved-replies/${enc(id)}`,
  rules: '/api/inbox/moderation/rules',
  rule: (id: string) => `/api/inbox/moderation/rules/${enc(id)}`,
  moderationActions: '/api/inbox/moderation/actions',
  undoModeration: (id: string) => `/api/inbox/moderation/actions/${enc(id)}/undo`,
  sync: '/api/inbox/sync',
  responseTimes: '/api/inbox/response-times',
  unread: '/api/inbox/unread',
  notifications: '/api/inbox/notifications',
  notificationsRead: '/api/inbox/notifications/read',
} as const;

/** Every group by its name (routes.test.ts compares them with the contracts). */
export const apiRoutes = {
  auth: authPaths,
  account: accountPaths,
  accountSecurity: accountSecurityPaths,
  subscription: subscriptionPaths,
  calendar: calendarPaths,
  planning: planningPaths,
  posts: postsPaths,
  queue: queuePaths,
  publishing: publishingPaths,
  media: mediaPaths,
  platforms: platformPaths,
  aiContent: aiContentPaths,
  staff: staffPaths,
  admin: adminPaths,
  devMailbox: devMailboxPaths,
  inbox: inboxPaths,
} as const;
