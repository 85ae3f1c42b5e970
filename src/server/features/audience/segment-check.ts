import { z } from 'zod';
import {
  AUDIENCE_LIMITS,
  SEGMENT_FIELDS,
  segmentRuleSchema,
  segmentTreeSchema,
  type SegmentNode,
} from '#shared/contracts/audience.contract.ts';
import { fieldErrorsFromZod } from '#server/platform/validation.ts';

// Why a rule tree was refused, said of the node it concerns (docs/decisions/097-audience.md). The
// contract's schema (segmentTreeSchema) is the judge; this only names the place and the reason
// where the schema's union would say no more than "Invalid input": an unknown field, an operator
// the field does not take, a value of the wrong kind.

/** Every rule shape of the contract, its unions opened (lastInteraction has two). */
const RULE_SHAPES: z.ZodType[] = segmentRuleSchema.options.flatMap((option) =>
  option instanceof z.ZodUnion ? [...(option.options as readonly z.ZodType[])] : [option],
);

/** The operators each field takes, read from the contract's shapes. */
const OPERATORS: Record<string, string[]> = {};
for (const shape of RULE_SHAPES) {
  const { field, operator } = (shape as z.ZodObject).shape as {
    field: z.ZodLiteral<string>;
    operator: z.ZodEnum | z.ZodLiteral<string>;
  };
  const names = operator instanceof z.ZodEnum ? operator.options : [operator.value];
  (OPERATORS[field.value] ??= []).push(...names.map(String));
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function ruleProblems(node: Record<string, unknown>, at: string, out: Record<string, string>) {
  const field = node['field'];
  if (typeof field !== 'string' || !(SEGMENT_FIELDS as readonly string[]).includes(field)) {
    out[`${at}.field`] ??= `Unknown field: use one of ${SEGMENT_FIELDS.join(', ')}`;
    return;
  }
  const operators = OPERATORS[field] ?? [];
  if (typeof node['operator'] !== 'string' || !operators.includes(node['operator'])) {
    out[`${at}.operator`] ??= `${field} takes ${operators.join(', ')}`;
    return;
  }
  // The union member for this field and operator says what is wrong with the value or keys.
  for (const option of RULE_SHAPES) {
    const parsed = option.safeParse(node);
    if (parsed.success) return;
    const errors = fieldErrorsFromZod(parsed.error);
    if ('field' in errors || 'operator' in errors) continue;
    for (const [key, message] of Object.entries(errors)) {
      out[key === '_' ? at : `${at}.${key}`] ??=
        key === 'value' ? valueMessage(field, message) : message;
    }
    return;
  }
}

function valueMessage(field: string, message: string): string {
  return message === 'Invalid input' ? `Not a valid value for ${field}` : message;
}

function nodeProblems(node: unknown, at: string, out: Record<string, string>) {
  if (!isObject(node)) {
    out[at] ??= 'Expected a rule or a group';
    return;
  }
  if (!('op' in node)) {
    ruleProblems(node, at, out);
    return;
  }
  const extra = Object.keys(node).filter((k) => k !== 'op' && k !== 'children');
  for (const key of extra) out[`${at}.${key}`] ??= 'Unknown field';
  if (node['op'] !== 'and' && node['op'] !== 'or' && node['op'] !== 'not') {
    out[`${at}.op`] ??= 'A group is and, or or not';
  }
  const children = node['children'];
  if (!Array.isArray(children)) {
    out[`${at}.children`] ??= 'A group has a list of children';
    return;
  }
  if (node['op'] === 'not' && children.length !== 1) {
    out[`${at}.children`] ??= 'NOT takes exactly one rule or group';
  }
  if (children.length > AUDIENCE_LIMITS.maxNodes) {
    out[`${at}.children`] ??= `At most ${AUDIENCE_LIMITS.maxNodes} rules and groups`;
    return;
  }
  children.forEach((child, i) => nodeProblems(child, `${at}.children.${i}`, out));
}

/**
 * What makes a tree too large to walk, found without recursion (a hostile body may nest
 * thousands deep): its depth or its number of nodes beyond the contract's limits.
 */
function sizeProblem(input: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[input, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    nodes += 1;
    if (depth > AUDIENCE_LIMITS.maxDepth + 1) {
      return `Groups go at most ${AUDIENCE_LIMITS.maxDepth} deep`;
    }
    if (nodes > AUDIENCE_LIMITS.maxNodes)
      return `At most ${AUDIENCE_LIMITS.maxNodes} rules and groups`;
    if (isObject(node) && Array.isArray(node['children'])) {
      for (const child of node['children'] as unknown[]) stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

/**
 * The parsed tree, or the problems of `input` keyed by path under `at` (as `rule.children.0.field`).
 * The schema decides; the walk only gives its refusals a place and a clearer reason.
 */
export function checkRuleTree(
  input: unknown,
  at = 'rule',
): { ok: true; rule: SegmentNode } | { ok: false; fieldErrors: Record<string, string> } {
  const tooLarge = sizeProblem(input);
  if (tooLarge) return { ok: false, fieldErrors: { [at]: tooLarge } };
  const parsed = segmentTreeSchema.safeParse(input);
  if (parsed.success) return { ok: true, rule: parsed.data };
  const out: Record<string, string> = {};
  nodeProblems(input, at, out);
  for (const [key, message] of Object.entries(fieldErrorsFromZod(parsed.error))) {
    if (Object.keys(out).length > 0 && message.startsWith('Invalid input')) continue;
    out[key === '_' ? at : `${at}.${key}`] ??= message;
  }
  return { ok: false, fieldErrors: out };
}
