import { sql, type SQL } from 'drizzle-orm';
import type { SegmentNode, SegmentRule } from '#shared/contracts/audience.contract.ts';
import { audienceContacts as c } from './audience.tables.ts';

// A segment's rule tree (shared/contracts/audience.contract.ts segmentTreeSchema) compiled to a
// WHERE fragment over audience_contacts (docs/decisions/097-audience.md). Only the contract's
// fixed fields and operators are compiled; columns come from the table object and every value
// the person typed travels as a bound parameter, never as SQL text. segment-eval.ts reads a tree
// the same way in plain TypeScript, and a property test holds the two to the same answers.
//
// Semantics, shared with segment-eval.ts:
// - every rule is true or false, never NULL (a missing value makes the rule false), so NOT of a
//   rule on a missing value is true, in SQL as in the evaluator;
// - lastInteraction `before` a date: last interaction earlier than that day's start (00:00 UTC);
//   `after` a date: at or after the next day's start (00:00 UTC), so the day itself is in
//   neither; `withinDays` N: at or after `now` minus N × 24 hours. No last interaction matches
//   none of them;
// - interactionCount is comment_count + message_count;
// - sentiment compares the average; no average matches neither gte nor lte;
// - tags are stored lower-case, so the values are lower-cased and compared exactly;
// - location `is`: equal ignoring case; `contains`: a substring ignoring case, the value's LIKE
//   wildcards (% and _) and the escape character taken literally; case is folded by the
//   database's lower() (ASCII letters at least, whatever the collation);
// - hasEmail: an e-mail that is neither missing nor empty;
// - an empty AND matches every contact, an empty OR none, NOT has one child.

const DAY_MS = 86_400_000;

/** Start (00:00 UTC) of the day `iso` (YYYY-MM-DD), plus `days`. */
export function dayStart(iso: string, days = 0): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days));
}

/** The earliest last interaction `withinDays` N accepts. */
export function withinSince(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** A LIKE pattern matching `value` anywhere, its wildcards and escape character taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function lowerTags(values: readonly string[]): string[] {
  return values.map((v) => v.toLowerCase());
}

const textArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

const notNull = (condition: SQL): SQL => sql`coalesce(${condition}, false)`;
const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

const COMPARE = { eq: sql`=`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` } as const;

function ruleWhere(rule: SegmentRule, now: Date): SQL {
  switch (rule.field) {
    case 'platform': {
      const has = sql`${c.platforms} @> ${textArray([rule.value])}`;
      return rule.operator === 'is' ? has : sql`not (${has})`;
    }
    case 'lastInteraction': {
      if (rule.operator === 'withinDays') {
        return notNull(sql`${c.lastInteractionAt} >= ${at(withinSince(now, rule.value))}`);
      }
      return rule.operator === 'before'
        ? notNull(sql`${c.lastInteractionAt} < ${at(dayStart(rule.value))}`)
        : notNull(sql`${c.lastInteractionAt} >= ${at(dayStart(rule.value, 1))}`);
    }
    case 'interactionCount':
      return sql`(${c.commentCount} + ${c.messageCount}) ${COMPARE[rule.operator]} ${rule.value}::integer`;
    case 'sentiment':
      return notNull(sql`${c.sentiment} ${COMPARE[rule.operator]} ${rule.value}::double precision`);
    case 'tags': {
      const values = textArray(lowerTags(rule.value));
      if (rule.operator === 'hasAll') return sql`${c.tags} @> ${values}`;
      const any = sql`${c.tags} && ${values}`;
      return rule.operator === 'hasAny' ? any : sql`not (${any})`;
    }
    case 'location':
      return rule.operator === 'is'
        ? notNull(sql`lower(${c.location}) = lower(${rule.value}::text)`)
        : notNull(
            sql`lower(${c.location}) like lower(${containsPattern(rule.value)}::text) escape '\\'`,
          );
    case 'stage': {
      const inList = sql`${c.stage} in (${sql.join(
        rule.value.map((v) => sql`${v}`),
        sql`, `,
      )})`;
      return rule.operator === 'in' ? inList : sql`not (${inList})`;
    }
    case 'hasEmail': {
      const has = notNull(sql`${c.email} <> ''`);
      return rule.value ? has : sql`not ${has}`;
    }
    case 'consent':
      return sql`${c.consent} = ${rule.value}::boolean`;
  }
}

/** The WHERE fragment of a (parsed) rule tree over audience_contacts, at the time `now`. */
export function segmentWhere(rule: SegmentNode, now: Date): SQL {
  if (!('op' in rule)) return sql`(${ruleWhere(rule, now)})`;
  const parts = rule.children.map((child) => segmentWhere(child, now));
  if (rule.op === 'not') return sql`(not ${parts[0] ?? sql`true`})`;
  if (parts.length === 0) return rule.op === 'and' ? sql`true` : sql`false`;
  return sql`(${sql.join(parts, rule.op === 'and' ? sql` and ` : sql` or `)})`;
}
