import { describe, expect, it } from 'vitest';
import { classifyGraphError } from './inbox-actions-platform.ts';
import { graphError } from './inbox.test-helpers.ts';

// Graph API errors of the inbox's actions in the person's terms
// (docs/product/meta-platform.md#messaging-errors, #errors-and-rate-limits).

describe('a Graph error', () => {
  it('is named by its code and subcode', () => {
    const kinds = (
      [
        [10, 2534022],
        [10, 2018278],
        [10, 2534025],
        [551, null],
        [100, 2534014],
        [100, 33],
        [200, 2534041],
        [10, 1893063],
        [613, 2534040],
        [4, null],
        [200, null],
        [10, null],
        [190, null],
        [1, null],
      ] as const
    ).map(([code, subcode]) => classifyGraphError(graphError(code, subcode)));
    expect(kinds).toEqual([
      'window',
      'window',
      'private-reply-sent',
      'unavailable',
      'unavailable',
      'unavailable',
      'messages-off',
      'restricted',
      'rate-limited',
      'rate-limited',
      'permission',
      'permission',
      'permission',
      'other',
    ]);
    expect(classifyGraphError(new Error('socket hang up'))).toBe('other');
  });
});
