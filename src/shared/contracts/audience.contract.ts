import { z } from 'zod';
import { INBOX_PLATFORMS } from './inbox.contract.ts';

// The audience (docs/product/screens.md#audience): one contact per person, made and kept up to
// date from the inbox's conversations (and later from imports), and segments — trees of rules
// over a fixed list of fields and operators that the server compiles to parameterised SQL and
// that a plain evaluator reads the same way. The browser and the server share these shapes; the
// server checks every input again and never takes a field, an operator or SQL from the browser
// other than by these names.

export const AUDIENCE_LIMITS = {
  pageSize: 50,
  /** Contacts shown as a segment's sample. */
  sample: 10,
  /** Depth of a rule tree (groups within groups). */
  maxDepth: 4,
  /** Rules and groups in one tree. */
  maxNodes: 50,
  segmentNameLength: 80,
  tagLength: 40,
  tags: 30,
} as const;

export const CONTACT_STAGES = ['new', 'lead', 'customer', 'regular', 'lost'] as const;
export type ContactStage = (typeof CONTACT_STAGES)[number];

export const CONTACT_SOURCES = ['inbox', 'import', 'manual'] as const;

/** The fields a rule may test, and the operators and value each allows. */
export const SEGMENT_FIELDS = [
  'platform',
  'lastInteraction',
  'interactionCount',
  'sentiment',
  'tags',
  'location',
  'stage',
  'hasEmail',
  'consent',
] as const;
export type SegmentField = (typeof SEGMENT_FIELDS)[number];

const platformRule = z.strictObject({
  field: z.literal('platform'),
  operator: z.enum(['is', 'isNot']),
  value: z.enum(INBOX_PLATFORMS),
});
const lastInteractionRule = z.union([
  z.strictObject({
    field: z.literal('lastInteraction'),
    operator: z.enum(['before', 'after']),
    value: z.iso.date({ error: 'Use a date as YYYY-MM-DD' }),
  }),
  z.strictObject({
    field: z.literal('lastInteraction'),
    operator: z.literal('withinDays'),
    value: z.int().min(1).max(3650),
  }),
]);
const interactionCountRule = z.strictObject({
  field: z.literal('interactionCount'),
  operator: z.enum(['eq', 'gt', 'gte', 'lt', 'lte']),
  value: z.int().min(0).max(1_000_000),
});
/** Average sentiment from -1 (negative) to 1 (positive). */
const sentimentRule = z.strictObject({
  field: z.literal('sentiment'),
  operator: z.enum(['gte', 'lte']),
  value: z.number().min(-1).max(1),
});
const tagsRule = z.strictObject({
  field: z.literal('tags'),
  operator: z.enum(['hasAny', 'hasAll', 'hasNone']),
  value: z
    .array(z.string().trim().min(1).max(AUDIENCE_LIMITS.tagLength))
    .min(1)
    .max(AUDIENCE_LIMITS.tags),
});
const locationRule = z.strictObject({
  field: z.literal('location'),
  operator: z.enum(['is', 'contains']),
  value: z.string().trim().min(1).max(100),
});
const stageRule = z.strictObject({
  field: z.literal('stage'),
  operator: z.enum(['in', 'notIn']),
  value: z.array(z.enum(CONTACT_STAGES)).min(1),
});
const booleanRule = <F extends 'hasEmail' | 'consent'>(field: F) =>
  z.strictObject({ field: z.literal(field), operator: z.literal('is'), value: z.boolean() });

export const segmentRuleSchema = z.union([
  platformRule,
  lastInteractionRule,
  interactionCountRule,
  sentimentRule,
  tagsRule,
  locationRule,
  stageRule,
  booleanRule('hasEmail'),
  booleanRule('consent'),
]);
export type SegmentRule = z.infer<typeof segmentRuleSchema>;

export interface SegmentGroup {
  op: 'and' | 'or' | 'not';
  children: SegmentNode[];
}
export type SegmentNode = SegmentGroup | SegmentRule;

/**
 * A rule tree: AND / OR groups of rules and groups; NOT has exactly one child. Its depth and size
 * are limited (AUDIENCE_LIMITS); an empty AND matches every contact, an empty OR none.
 */
export const segmentNodeSchema: z.ZodType<SegmentNode> = z.lazy(() =>
  z.union([
    z
      .strictObject({
        op: z.enum(['and', 'or', 'not']),
        children: z.array(segmentNodeSchema).max(AUDIENCE_LIMITS.maxNodes),
      })
      .refine((g) => g.op !== 'not' || g.children.length === 1, {
        message: 'NOT takes exactly one rule or group',
        path: ['children'],
      }),
    segmentRuleSchema,
  ]),
);

export const segmentTreeSchema = segmentNodeSchema.superRefine((tree, ctx) => {
  let nodes = 0;
  let deepest = 0;
  const walk = (node: SegmentNode, depth: number) => {
    nodes += 1;
    deepest = Math.max(deepest, depth);
    if ('op' in node) node.children.forEach((c) => walk(c, depth + 1));
  };
  walk(tree, 1);
  if (nodes > AUDIENCE_LIMITS.maxNodes) {
    ctx.addIssue({
      code: 'custom',
      message: `At most ${AUDIENCE_LIMITS.maxNodes} rules and groups`,
    });
  }
  if (deepest > AUDIENCE_LIMITS.maxDepth + 1) {
    ctx.addIssue({ code: 'custom', message: `Groups go at most ${AUDIENCE_LIMITS.maxDepth} deep` });
  }
});

export const contactIdentitySchema = z.object({
  id: z.uuid(),
  platform: z.enum(INBOX_PLATFORMS),
  externalId: z.string(),
  handle: z.string().nullable(),
  name: z.string().nullable(),
  connectionId: z.uuid().nullable(),
});

export const contactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  handle: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  tags: z.array(z.string()),
  stage: z.enum(CONTACT_STAGES),
  consent: z.boolean(),
  /** Where they agreed (a form, the shop, an import), once they have. */
  consentSource: z.string().nullable(),
  platforms: z.array(z.enum(INBOX_PLATFORMS)),
  firstInteractionAt: z.string().nullable(),
  lastInteractionAt: z.string().nullable(),
  commentCount: z.int(),
  messageCount: z.int(),
  /** Average sentiment of their items, -1 to 1; null when none was judged. */
  sentiment: z.number().nullable(),
  source: z.enum(CONTACT_SOURCES),
  /** The member who looks after the person (the CRM add-on); null when nobody does. */
  ownerId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactDetailSchema = contactSchema.extend({
  identities: z.array(contactIdentitySchema),
  /** The inbox conversations with them, newest first. */
  threads: z.array(
    z.object({
      id: z.uuid(),
      kind: z.string(),
      platform: z.enum(INBOX_PLATFORMS),
      preview: z.string(),
      lastItemAt: z.string(),
    }),
  ),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

export const contactListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  segmentId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const contactListSchema = z.object({
  items: z.array(contactSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
});

/** PATCH …/contacts/{id}: what the business knows of the person; consent names its source. */
export const updateContactInputSchema = z
  .strictObject({
    email: z.email({ error: 'Not a valid e-mail address' }).max(254).nullable().optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()./-]{3,40}$/, 'Not a valid phone number')
      .nullable()
      .optional(),
    location: z.string().trim().max(100, 'At most 100 characters').nullable().optional(),
    tags: z
      .array(z.string().trim().min(1).max(AUDIENCE_LIMITS.tagLength))
      .max(AUDIENCE_LIMITS.tags, `At most ${AUDIENCE_LIMITS.tags} tags`)
      .optional(),
    stage: z.enum(CONTACT_STAGES).optional(),
    consent: z.boolean().optional(),
    /** Where the consent was given (a form, a message): required when consent becomes true. */
    consentSource: z.string().trim().min(1).max(200).nullable().optional(),
  })
  .refine((v) => v.consent !== true || !!v.consentSource, {
    message: 'Say where the consent was given',
    path: ['consentSource'],
  });

/** POST …/contacts/refresh: contacts made from new inbox participants, and contacts recounted. */
export const contactRefreshSchema = z.object({ created: z.int(), updated: z.int() });

/** POST …/merge: the identities of `otherId` move to the contact, which keeps its own fields. */
export const mergeContactsInputSchema = z.strictObject({ otherId: z.uuid() });
/** POST …/split: one identity leaves for a contact of its own. */
export const splitContactInputSchema = z.strictObject({ identityId: z.uuid() });

export const segmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  rule: segmentNodeSchema,
  /** Contacts matching now (segments stay live as contacts change). */
  count: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name the segment')
    .max(
      AUDIENCE_LIMITS.segmentNameLength,
      `At most ${AUDIENCE_LIMITS.segmentNameLength} characters`,
    ),
  rule: segmentTreeSchema,
});

/** POST …/segments/preview: the live count and a sample while the person builds the tree. */
export const segmentPreviewInputSchema = z.strictObject({ rule: segmentTreeSchema });
export const segmentPreviewSchema = z.object({
  count: z.int(),
  sample: z.array(contactSchema),
});

export const audienceRoutes = {
  contacts: '/api/audience/contacts',
  contact: '/api/audience/contacts/{id}',
  merge: '/api/audience/contacts/{id}/merge',
  split: '/api/audience/contacts/{id}/split',
  contactsCsv: '/api/audience/contacts.csv',
  refresh: '/api/audience/contacts/refresh',
  segments: '/api/audience/segments',
  segment: '/api/audience/segments/{id}',
  preview: '/api/audience/segments/preview',
} as const;
