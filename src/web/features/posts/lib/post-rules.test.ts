import { describe, expect, it } from 'vitest';
import { lockedNoticeTitle } from './post-rules.ts';

// A post that can no longer be changed says what is happening to it: a published post is never
// told to be "on its way out".
describe('lockedNoticeTitle', () => {
  it('names each status truthfully', () => {
    expect(lockedNoticeTitle('publishing')).toBe('This post is on its way out');
    expect(lockedNoticeTitle('published')).toBe('This post is published');
    expect(lockedNoticeTitle('unconfirmed')).toBe(
      'This post is waiting for the platform to confirm it',
    );
  });
});
