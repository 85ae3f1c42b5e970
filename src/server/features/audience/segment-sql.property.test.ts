import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_LIMITS,
  CONTACT_STAGES,
  segmentTreeSchema,
  type SegmentNode,
  type SegmentRule,
} from '#shared/contracts/audience.contract.ts';
import type { Database } from '#server/platform/db/client.ts';
import { getTestDatabase } from '#server/test/db.ts';
import { createUser } from '#server/test/fixtures.ts';
import { seeded } from '../inbox/ingest-chaos.test-helpers.ts';
import { audienceContacts } from './audience.tables.ts';
import { matches, type SegmentContact } from './segment-eval.ts';
import { segmentWhere } from './segment-sql.ts';

// A property test (docs/decisions/097-audience.md): thousands of random rule trees, up to the
// contract's depth and size, over a few hundred random contacts — missing values, empty strings,
// tags and places in any case, LIKE wildcards and quotes in the places — select exactly the same
// contacts in SQL (segment-sql.ts) as in the plain evaluator (segment-eval.ts). Values are drawn
// from small pools that hold the contacts' own values and the boundaries (a day's start, N days
// before now, equal counts and sentiments), so the edges are hit often. The seed is printed with
// any difference, to replay it.

/** A new seed each run; to replay a failure, put the seed it printed here. */
const SEED = Math.floor(Math.random() * 1_000_000);
const CONTACTS = 300;
const TREES = 4000;
const NOW = new Date('2026-06-15T10:20:30.123Z');
const DAY = 86_400_000;

const TAGS = ['vip', 'Regular', 'BRUNCH', 'vegan', 'late-night', 'x_y', '100%'];
const PLACES = ['Berlin', 'berlin', 'BERLIN', 'Paris, France', 'Unit 5_b', '100% Town', 'C:\\dir'];
const PLACES_MORE = ["O'Brien Street", "%' or 1=1 --", 'Lyon', ''];
const FRAGMENTS = ['ber', 'LIN', '%', '_', '5_b', '0%', '\\', "'", "%' or 1=1 --", 'is, f', 'x'];
const DATES = ['2026-06-14', '2026-06-15', '2026-06-01', '2026-05-16', '2025-12-31', '2026-07-01'];
const WITHIN = [1, 2, 7, 30, 31, 365];
const SENTIMENTS = [-1, -0.5, -0.25, 0, 0.25, 0.5, 1];
const COUNTS = [0, 1, 2, 5, 9, 10];

type Rng = () => number;
const pick = <T>(rng: Rng, values: readonly T[]): T => values[Math.floor(rng() * values.length)]!;
const some = <T>(rng: Rng, values: readonly T[], min = 0, max = 3): T[] => {
  const n = min + Math.floor(rng() * (max - min + 1));
  return Array.from({ length: n }, () => pick(rng, values));
};
const mixCase = (rng: Rng, s: string) =>
  [...s].map((ch) => (rng() < 0.5 ? ch.toUpperCase() : ch.toLowerCase())).join('');

function lastInteraction(rng: Rng): Date | null {
  const r = rng();
  if (r < 0.15) return null;
  if (r < 0.35) return new Date(`${pick(rng, DATES)}T00:00:00.000Z`); // a day's start
  if (r < 0.45) return new Date(NOW.getTime() - pick(rng, WITHIN) * DAY); // withinDays' edge
  return new Date(NOW.getTime() - Math.floor(rng() * 400 * DAY));
}

/** A contact as inserted, which the evaluator reads as it is. */
type SeedContact = typeof audienceContacts.$inferInsert & SegmentContact;

function randomContact(rng: Rng): SeedContact {
  const platforms = (['instagram', 'facebook'] as const).filter(() => rng() < 0.55);
  return {
    name: 'Someone',
    userId: '',
    platforms,
    lastInteractionAt: lastInteraction(rng),
    commentCount: pick(rng, COUNTS),
    messageCount: Math.floor(rng() * 6),
    sentiment: rng() < 0.2 ? null : rng() < 0.5 ? pick(rng, SENTIMENTS) : rng() * 2 - 1,
    // Tags are kept lower-case (however they were typed).
    tags: [...new Set(some(rng, TAGS, 0, 3).map((t) => mixCase(rng, t).toLowerCase()))],
    location: rng() < 0.2 ? null : mixCase(rng, pick(rng, [...PLACES, ...PLACES_MORE])),
    stage: pick(rng, CONTACT_STAGES),
    email: pick(rng, [null, '', 'a@example.com', ' ']),
    consent: rng() < 0.5,
  };
}

function randomRule(rng: Rng): SegmentRule {
  const cmp = <T extends string>(ops: readonly T[]) => pick(rng, ops);
  switch (pick(rng, [0, 1, 2, 3, 4, 5, 6, 7, 8])) {
    case 0:
      return {
        field: 'platform',
        operator: cmp(['is', 'isNot']),
        value: pick(rng, ['instagram', 'facebook']),
      };
    case 1:
      return rng() < 0.4
        ? { field: 'lastInteraction', operator: 'withinDays', value: pick(rng, WITHIN) }
        : {
            field: 'lastInteraction',
            operator: cmp(['before', 'after']),
            value: pick(rng, DATES),
          };
    case 2:
      return {
        field: 'interactionCount',
        operator: cmp(['eq', 'gt', 'gte', 'lt', 'lte']),
        value: pick(rng, [...COUNTS, 3, 4, 12]),
      };
    case 3:
      return {
        field: 'sentiment',
        operator: cmp(['gte', 'lte']),
        value: rng() < 0.7 ? pick(rng, SENTIMENTS) : rng() * 2 - 1,
      };
    case 4:
      return {
        field: 'tags',
        operator: cmp(['hasAny', 'hasAll', 'hasNone']),
        value: some(rng, [...TAGS, 'nobody'], 1, 3).map((t) => mixCase(rng, t)),
      };
    case 5:
      return rng() < 0.5
        ? { field: 'location', operator: 'is', value: mixCase(rng, pick(rng, PLACES)) }
        : { field: 'location', operator: 'contains', value: mixCase(rng, pick(rng, FRAGMENTS)) };
    case 6:
      return {
        field: 'stage',
        operator: cmp(['in', 'notIn']),
        value: some(rng, CONTACT_STAGES, 1, 3),
      };
    case 7:
      return { field: 'hasEmail', operator: 'is', value: rng() < 0.5 };
    default:
      return { field: 'consent', operator: 'is', value: rng() < 0.5 };
  }
}

/** A tree at most the contract's depth deep and size large. */
function randomTree(rng: Rng): SegmentNode {
  let budget = AUDIENCE_LIMITS.maxNodes;
  const node = (depth: number): SegmentNode => {
    budget -= 1;
    if (depth > AUDIENCE_LIMITS.maxDepth || budget < 2 || rng() < 0.35) return randomRule(rng);
    const op = pick(rng, ['and', 'or', 'not'] as const);
    const wanted = op === 'not' ? 1 : Math.floor(rng() * 5);
    const children: SegmentNode[] = [];
    for (let i = 0; i < wanted && budget > 0; i += 1) children.push(node(depth + 1));
    if (op === 'not' && children.length === 0) return randomRule(rng);
    return { op, children };
  };
  return node(1);
}

let database: Database;
let businessId: string;
const contacts = new Map<string, SegmentContact>();

beforeAll(async () => {
  database = await getTestDatabase();
  businessId = await createUser(database, { label: 'segments' });
  const rng = seeded(SEED);
  const rows = Array.from({ length: CONTACTS }, () => randomContact(rng));
  const inserted = await database.unsafeDb
    .insert(audienceContacts)
    .values(rows.map((row) => ({ ...row, userId: businessId })))
    .returning({ id: audienceContacts.id });
  inserted.forEach(({ id }, i) => contacts.set(id, rows[i]!));
});

describe('segments in SQL and in the evaluator (property)', () => {
  it(`select the same contacts for ${TREES} random trees (seed ${SEED})`, async () => {
    const rng = seeded(SEED + 1);
    const differences: Array<{ tree: string; onlySql: string[]; onlyEval: string[] }> = [];
    let nonTrivial = 0;
    for (let i = 0; i < TREES; i += 1) {
      const tree = segmentTreeSchema.parse(randomTree(rng));
      const rows = await database.unsafeDb
        .select({ id: audienceContacts.id })
        .from(audienceContacts)
        .where(and(eq(audienceContacts.userId, businessId), segmentWhere(tree, NOW)));
      const inSql = new Set(rows.map((r) => r.id));
      const inEval = new Set(
        [...contacts].filter(([, c]) => matches(tree, c, NOW)).map(([id]) => id),
      );
      if (inSql.size > 0 && inSql.size < contacts.size) nonTrivial += 1;
      const onlySql = [...inSql].filter((id) => !inEval.has(id));
      const onlyEval = [...inEval].filter((id) => !inSql.has(id));
      if (onlySql.length + onlyEval.length > 0) {
        differences.push({ tree: JSON.stringify(tree), onlySql, onlyEval });
      }
    }
    const first = differences[0];
    const detail = first && {
      seed: SEED,
      tree: first.tree,
      onlySql: first.onlySql.slice(0, 3).map((id) => contacts.get(id)),
      onlyEval: first.onlyEval.slice(0, 3).map((id) => contacts.get(id)),
    };
    expect(detail, `replay with SEED = ${SEED}`).toBeUndefined();
    expect(differences).toHaveLength(0);
    // The trees are worth comparing: most select some contacts but not all.
    expect(nonTrivial).toBeGreaterThan(TREES / 4);
  });
});
