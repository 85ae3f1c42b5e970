import type { SegmentField } from '#shared/contracts/audience.contract.ts';

// How the segment builder names the contract's fields and operators (audience.contract.ts), and
// the value each starts with when picked. The server takes only these names.

export const FIELD_LABELS: Record<SegmentField, string> = {
  platform: 'Platform',
  lastInteraction: 'Last interaction',
  interactionCount: 'Interactions',
  sentiment: 'Sentiment',
  tags: 'Tags',
  location: 'Location',
  stage: 'Stage',
  hasEmail: 'Has an e-mail',
  consent: 'Consent',
};

/** Each field's operators, in the order they are offered, with their labels. */
export const FIELD_OPERATORS: Record<SegmentField, ReadonlyArray<readonly [string, string]>> = {
  platform: [
    ['is', 'is'],
    ['isNot', 'is not'],
  ],
  lastInteraction: [
    ['withinDays', 'within the last'],
    ['before', 'before'],
    ['after', 'after'],
  ],
  interactionCount: [
    ['gte', 'at least'],
    ['gt', 'more than'],
    ['eq', 'exactly'],
    ['lte', 'at most'],
    ['lt', 'fewer than'],
  ],
  sentiment: [
    ['gte', 'at least'],
    ['lte', 'at most'],
  ],
  tags: [
    ['hasAny', 'has any of'],
    ['hasAll', 'has all of'],
    ['hasNone', 'has none of'],
  ],
  location: [
    ['contains', 'contains'],
    ['is', 'is'],
  ],
  stage: [
    ['in', 'is one of'],
    ['notIn', 'is none of'],
  ],
  hasEmail: [['is', 'is']],
  consent: [['is', 'is']],
};

/** The value a rule starts with for this field and operator. */
export function defaultValue(field: SegmentField, operator: string): unknown {
  switch (field) {
    case 'platform':
      return 'facebook';
    case 'lastInteraction':
      return operator === 'withinDays' ? 30 : '';
    case 'interactionCount':
      return 1;
    case 'sentiment':
      return 0;
    case 'tags':
    case 'stage':
      return [];
    case 'location':
      return '';
    case 'hasEmail':
    case 'consent':
      return true;
  }
}

/** What a rule needs when its value is not one the server takes. */
export function valueHint(field: SegmentField, operator: string): string {
  switch (field) {
    case 'lastInteraction':
      return operator === 'withinDays' ? 'Enter a number of days from 1 to 3650' : 'Pick a date';
    case 'interactionCount':
      return 'Enter a whole number, 0 or more';
    case 'sentiment':
      return 'Pick a sentiment from -1 to 1';
    case 'tags':
      return 'Add at least one tag';
    case 'location':
      return 'Enter a place';
    case 'stage':
      return 'Pick at least one stage';
    default:
      return 'Pick a value';
  }
}

export const STAGE_LABELS = {
  new: 'New',
  lead: 'Lead',
  customer: 'Customer',
  regular: 'Regular',
  lost: 'Lost',
} as const;
