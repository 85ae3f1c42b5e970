import { z } from 'zod';
import { CONTACT_STAGES } from './audience.contract.ts';
import { INBOX_PLATFORMS } from './inbox.contract.ts';

// The CRM add-on (docs/decisions/099-crm.md, docs/product/screens.md#audience): notes on a
// contact, its owner among the business's members, its stage on the board, and its timeline —
// the person's comments and messages from the inbox, the notes, and what was done to the contact
// (stage, owner and tag changes, imports, merges, the e-mails sent to it), newest first. Every
// route answers FEATURE_NOT_AVAILABLE without the add-on.

export const CRM_LIMITS = {
  noteLength: 5_000,
  /** Notes listed on a contact's page. */
  notes: 200,
  /** Timeline entries per page ("Load more" asks for the next). */
  timelinePage: 30,
  /** Contacts shown in each column of the board. */
  boardColumn: 50,
} as const;

/** A member of the business as the CRM names them: an author, an owner, the one who acted. */
export const crmMemberSchema = z.object({ id: z.uuid(), name: z.string() });
export type CrmMember = z.infer<typeof crmMemberSchema>;

/** The owner picker: the business owner and its members, with their role. */
export const crmMemberOptionSchema = crmMemberSchema.extend({
  role: z.enum(['owner', 'manager', 'staff', 'viewer']),
});
export type CrmMemberOption = z.infer<typeof crmMemberOptionSchema>;

export const noteSchema = z.object({
  id: z.uuid(),
  contactId: z.uuid(),
  body: z.string(),
  /** Null once the author's account is gone. */
  author: crmMemberSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only its author changes a note. */
  canEdit: z.boolean(),
  /** Its author, the business owner and managers remove it. */
  canDelete: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteInputSchema = z.strictObject({
  body: z
    .string({ error: 'Write the note' })
    .trim()
    .min(1, 'Write the note')
    .max(CRM_LIMITS.noteLength, `At most ${CRM_LIMITS.noteLength.toLocaleString('en')} characters`),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

const entryBase = {
  /** The row's id: an inbox item, a note or an activity. */
  id: z.uuid(),
  at: z.string(),
};
const activityBase = {
  ...entryBase,
  /** Who did it; null for the system (an import, the e-mail sender) or a removed member. */
  actor: crmMemberSchema.nullable(),
};

export const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    ...entryBase,
    kind: z.literal('interaction'),
    itemKind: z.enum(['comment', 'message']),
    platform: z.enum(INBOX_PLATFORMS),
    preview: z.string(),
    threadId: z.uuid(),
  }),
  z.object({ ...entryBase, kind: z.literal('note'), note: noteSchema }),
  z.object({
    ...activityBase,
    kind: z.literal('stage'),
    from: z.enum(CONTACT_STAGES),
    to: z.enum(CONTACT_STAGES),
  }),
  z.object({
    ...activityBase,
    kind: z.literal('owner'),
    from: crmMemberSchema.nullable(),
    to: crmMemberSchema.nullable(),
  }),
  z.object({
    ...activityBase,
    kind: z.literal('tags'),
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
  z.object({ ...activityBase, kind: z.literal('import'), source: z.string().nullable() }),
  z.object({ ...activityBase, kind: z.literal('merge'), otherName: z.string() }),
  z.object({
    ...activityBase,
    kind: z.literal('email'),
    campaignName: z.string(),
    status: z.string(),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** `before`: the `nextBefore` of the page read last; absent for the newest entries. */
export const timelineQuerySchema = z.strictObject({
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z~[0-9a-f-]{36}$/i, 'Not a timeline position')
    .optional(),
});

export const timelinePageSchema = z.object({
  items: z.array(timelineEntrySchema),
  /** Where the next page starts; null at the first entry. */
  nextBefore: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

export const boardCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  handle: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  stage: z.enum(CONTACT_STAGES),
  lastInteractionAt: z.string().nullable(),
  owner: crmMemberSchema.nullable(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** One column per stage, in CONTACT_STAGES order: its count and its most recent contacts. */
export const boardSchema = z.object({
  columns: z.array(
    z.object({
      stage: z.enum(CONTACT_STAGES),
      total: z.int(),
      contacts: z.array(boardCardSchema),
    }),
  ),
});
export type Board = z.infer<typeof boardSchema>;

export const moveStageInputSchema = z.strictObject({
  stage: z.enum(CONTACT_STAGES, { error: 'Choose a stage' }),
});
export type MoveStageInput = z.infer<typeof moveStageInputSchema>;

/** null: nobody looks after the contact. */
export const setOwnerInputSchema = z.strictObject({
  ownerId: z.uuid({ error: 'Choose a member of the business' }).nullable(),
});
export type SetOwnerInput = z.infer<typeof setOwnerInputSchema>;

export const crmRoutes = {
  notes: '/api/audience/contacts/{id}/notes',
  note: '/api/audience/contacts/{id}/notes/{noteId}',
  timeline: '/api/audience/contacts/{id}/timeline',
  stage: '/api/audience/contacts/{id}/stage',
  owner: '/api/audience/contacts/{id}/owner',
  board: '/api/audience/board',
  members: '/api/audience/members',
} as const;
