import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, formatBytes } from './file-size.ts';
import { PLANS } from './plans.ts';

const MB = 1024 * 1024;

describe('file sizes', () => {
  it('are said with one decimal at most', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(500)).toBe('1 KB');
    expect(formatBytes(340 * 1024)).toBe('340 KB');
    expect(formatBytes(5 * MB)).toBe('5 MB');
    expect(formatBytes(4.24 * MB)).toBe('4.2 MB');
    expect(formatBytes(1024 * MB)).toBe('1 GB');
    expect(formatBytes(1.5 * 1024 * MB)).toBe('1.5 GB');
  });

  it('over the limit, say what to do: upgrade when a paid plan takes the file', () => {
    const free = PLANS.free.limits.mediaMaxFileBytes;
    expect(fileTooLargeMessage(150 * MB, free)).toBe(
      'The file is 150 MB; your plan accepts files up to 100 MB. Choose a smaller file, or upgrade your plan for files up to 1 GB.',
    );
    expect(fileTooLargeMessage(null, free)).toBe(
      'The file is larger than the 100 MB your plan accepts. Choose a smaller file, or upgrade your plan for files up to 1 GB.',
    );
  });

  it('and only a smaller file when no plan takes it', () => {
    const premium = PLANS.premium.limits.mediaMaxFileBytes;
    const message = fileTooLargeMessage(2048 * MB, premium);
    expect(message).toBe(
      'The file is 2 GB; your plan accepts files up to 1 GB. Choose a smaller file: export the video at a lower bit rate or trim it.',
    );
    expect(fileTooLargeMessage(2048 * MB, PLANS.free.limits.mediaMaxFileBytes)).not.toMatch(
      /upgrade/,
    );
  });
});
