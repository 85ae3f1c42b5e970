import { describe, expect, it } from 'vitest';
import { AUDIENCE_LIMITS, type SegmentNode } from '#shared/contracts/audience.contract.ts';
import { checkTree, fromTree, newGroup, newRule, toTree, withinLimits } from './tree.ts';

// The builder's draft and the contract's tree: a NOT is a flag on a group, limits are counted as
// the schema counts them, and a rule without a valid value stops the tree.

describe('the segment draft', () => {
  it('gives back a saved tree unchanged', () => {
    const tree: SegmentNode = {
      op: 'or',
      children: [
        { field: 'stage', operator: 'in', value: ['lead', 'customer'] },
        {
          op: 'not',
          children: [{ op: 'and', children: [{ field: 'consent', operator: 'is', value: true }] }],
        },
      ],
    };
    expect(toTree(fromTree(tree))).toEqual(tree);
  });

  it('reads a rule alone, or a NOT of a rule, as a group', () => {
    const rule: SegmentNode = { field: 'hasEmail', operator: 'is', value: false };
    expect(toTree(fromTree(rule))).toEqual({ op: 'and', children: [rule] });
    expect(toTree(fromTree({ op: 'not', children: [rule] }))).toEqual({
      op: 'not',
      children: [{ op: 'and', children: [rule] }],
    });
  });

  it('stays within the number of rules and groups', () => {
    const many = newGroup(
      'and',
      Array.from({ length: AUDIENCE_LIMITS.maxNodes - 1 }, () => newRule()),
    );
    expect(withinLimits(many)).toBe(true);
    expect(withinLimits({ ...many, children: [...many.children, newRule()] })).toBe(false);
  });

  it('names how many rules still need a value', () => {
    const root = newGroup('and', [
      { ...newRule('location'), value: ' ' },
      { ...newRule('interactionCount'), value: 1.5 },
      newRule('consent'),
    ]);
    expect(checkTree(root)).toEqual({ ok: false, message: '2 rules need a value' });
    expect(checkTree(newGroup('and', [newRule('consent')])).ok).toBe(true);
  });
});
