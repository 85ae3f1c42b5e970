import {
  AUDIENCE_LIMITS,
  segmentRuleSchema,
  segmentTreeSchema,
  type SegmentField,
  type SegmentNode,
} from '#shared/contracts/audience.contract.ts';
import { defaultValue, FIELD_OPERATORS } from './fields.ts';

// The segment builder's draft: the rule tree as the person edits it, each node with a key for
// React, a group's NOT as a flag on it, and values as typed (possibly not valid yet). `toTree`
// gives the contract's tree (audience.contract.ts), which is what the server is sent.

export interface DraftRule {
  kind: 'rule';
  key: string;
  field: SegmentField;
  operator: string;
  value: unknown;
}

export interface DraftGroup {
  kind: 'group';
  key: string;
  op: 'and' | 'or';
  /** Wrapped in NOT: matches the contacts the group does not. */
  negated: boolean;
  children: DraftNode[];
}

export type DraftNode = DraftRule | DraftGroup;

let counter = 0;
const nextKey = () => `n${(counter += 1)}`;

export function newRule(field: SegmentField = 'platform'): DraftRule {
  const operator = FIELD_OPERATORS[field][0]![0];
  return { kind: 'rule', key: nextKey(), field, operator, value: defaultValue(field, operator) };
}

export function newGroup(op: 'and' | 'or' = 'and', children: DraftNode[] = []): DraftGroup {
  return { kind: 'group', key: nextKey(), op, negated: false, children };
}

export function toTree(node: DraftNode): SegmentNode {
  if (node.kind === 'rule') {
    return { field: node.field, operator: node.operator, value: node.value } as SegmentNode;
  }
  const group: SegmentNode = { op: node.op, children: node.children.map(toTree) };
  return node.negated ? { op: 'not', children: [group] } : group;
}

/** A saved tree as a draft; NOT of a rule becomes a NOT group holding it. */
export function fromTree(node: SegmentNode): DraftGroup {
  const draft = fromNode(node);
  return draft.kind === 'group' ? draft : newGroup('and', [draft]);
}

function fromNode(node: SegmentNode): DraftNode {
  if (!('op' in node)) {
    return {
      kind: 'rule',
      key: nextKey(),
      field: node.field,
      operator: node.operator,
      value: node.value,
    };
  }
  if (node.op === 'not') {
    const inner = node.children[0] ? fromNode(node.children[0]) : newGroup();
    const group = inner.kind === 'group' ? inner : newGroup('and', [inner]);
    return { ...group, negated: !group.negated };
  }
  return {
    kind: 'group',
    key: nextKey(),
    op: node.op,
    negated: false,
    children: node.children.map(fromNode),
  };
}

/** Nodes and depth of the contract's tree, counted as segmentTreeSchema counts them. */
export function measure(tree: SegmentNode): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const walk = (node: SegmentNode, level: number) => {
    nodes += 1;
    depth = Math.max(depth, level);
    if ('op' in node) node.children.forEach((c) => walk(c, level + 1));
  };
  walk(tree, 1);
  return { nodes, depth };
}

/** Whether a draft stays within AUDIENCE_LIMITS (the builder refuses changes that would not). */
export function withinLimits(root: DraftGroup): boolean {
  const { nodes, depth } = measure(toTree(root));
  return nodes <= AUDIENCE_LIMITS.maxNodes && depth <= AUDIENCE_LIMITS.maxDepth + 1;
}

/** The draft with the node named by `key` replaced by what `change` makes of it. */
export function updateNode(
  root: DraftGroup,
  key: string,
  change: (node: DraftNode) => DraftNode | null,
): DraftGroup {
  const visit = (node: DraftNode): DraftNode | null => {
    if (node.key === key) return change(node);
    if (node.kind === 'rule') return node;
    const children = node.children.map(visit).filter((c): c is DraftNode => c !== null);
    return { ...node, children };
  };
  return visit(root) as DraftGroup;
}

/** Whether a rule's value is one the server takes. */
export function ruleIsValid(rule: DraftRule): boolean {
  return segmentRuleSchema.safeParse(toTree(rule)).success;
}

export type TreeCheck = { ok: true; tree: SegmentNode } | { ok: false; message: string };

/** The whole tree checked as the server will check it, before anything is sent. */
export function checkTree(root: DraftGroup): TreeCheck {
  const tree = toTree(root);
  const result = segmentTreeSchema.safeParse(tree);
  if (result.success) return { ok: true, tree: result.data };
  const invalidRules = countInvalid(root);
  if (invalidRules > 0) {
    return {
      ok: false,
      message: invalidRules === 1 ? 'One rule needs a value' : `${invalidRules} rules need a value`,
    };
  }
  return { ok: false, message: result.error.issues[0]?.message ?? 'The rules are not complete' };
}

function countInvalid(node: DraftNode): number {
  if (node.kind === 'rule') return ruleIsValid(node) ? 0 : 1;
  return node.children.reduce((sum, c) => sum + countInvalid(c), 0);
}
