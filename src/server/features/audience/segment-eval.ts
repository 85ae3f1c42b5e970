import type { SegmentNode, SegmentRule } from '#shared/contracts/audience.contract.ts';
import { dayStart, lowerTags, withinSince } from './segment-sql.ts';

// A segment's rule tree read in plain TypeScript over one contact, with exactly the semantics of
// segment-sql.ts (see the list there; docs/decisions/097-audience.md): the property test compares
// the two over random trees and contacts. A missing value makes a rule false.

/** What a rule tree reads of a contact (a row of audience_contacts). */
export interface SegmentContact {
  platforms: readonly string[];
  lastInteractionAt: Date | string | null;
  commentCount: number;
  messageCount: number;
  sentiment: number | null;
  /** Stored lower-case. */
  tags: readonly string[];
  location: string | null;
  stage: string;
  email: string | null;
  consent: boolean;
}

function compare(op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte', a: number, b: number): boolean {
  switch (op) {
    case 'eq':
      return a === b;
    case 'gt':
      return a > b;
    case 'gte':
      return a >= b;
    case 'lt':
      return a < b;
    case 'lte':
      return a <= b;
  }
}

function ruleMatches(rule: SegmentRule, contact: SegmentContact, now: Date): boolean {
  switch (rule.field) {
    case 'platform':
      return contact.platforms.includes(rule.value) === (rule.operator === 'is');
    case 'lastInteraction': {
      if (contact.lastInteractionAt === null) return false;
      const last = new Date(contact.lastInteractionAt).getTime();
      if (rule.operator === 'withinDays') return last >= withinSince(now, rule.value).getTime();
      return rule.operator === 'before'
        ? last < dayStart(rule.value).getTime()
        : last >= dayStart(rule.value, 1).getTime();
    }
    case 'interactionCount':
      return compare(rule.operator, contact.commentCount + contact.messageCount, rule.value);
    case 'sentiment':
      return contact.sentiment !== null && compare(rule.operator, contact.sentiment, rule.value);
    case 'tags': {
      const values = lowerTags(rule.value);
      if (rule.operator === 'hasAll') return values.every((v) => contact.tags.includes(v));
      const any = values.some((v) => contact.tags.includes(v));
      return rule.operator === 'hasAny' ? any : !any;
    }
    case 'location': {
      if (contact.location === null) return false;
      const location = contact.location.toLowerCase();
      const value = rule.value.toLowerCase();
      return rule.operator === 'is' ? location === value : location.includes(value);
    }
    case 'stage':
      return (rule.value as readonly string[]).includes(contact.stage) === (rule.operator === 'in');
    case 'hasEmail':
      return (contact.email !== null && contact.email !== '') === rule.value;
    case 'consent':
      return contact.consent === rule.value;
  }
}

/** Whether `contact` is in the segment of the (parsed) rule tree `rule`, at the time `now`. */
export function matches(rule: SegmentNode, contact: SegmentContact, now: Date): boolean {
  if (!('op' in rule)) return ruleMatches(rule, contact, now);
  if (rule.op === 'not') return !rule.children.every((child) => matches(child, contact, now));
  if (rule.op === 'and') return rule.children.every((child) => matches(child, contact, now));
  return rule.children.some((child) => matches(child, contact, now));
}
