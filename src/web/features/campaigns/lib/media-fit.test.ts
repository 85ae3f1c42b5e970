import { describe, expect, it } from 'vitest';
import type { MediaRequirement } from '#shared/contracts/campaign-plan.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { misfitOf, missingCount, requirementText } from './media-fit.ts';

const image: MediaRequirement = {
  kind: 'image',
  count: 1,
  aspectRatio: '4:5',
  minSeconds: null,
  maxSeconds: null,
  description: 'a close-up of the crust',
};
const reel: MediaRequirement = {
  kind: 'video',
  count: 1,
  aspectRatio: '9:16',
  minSeconds: 3,
  maxSeconds: 90,
  description: 'kneading the dough',
};

function item(overrides: Partial<MediaItem>): MediaItem {
  return {
    kind: 'image',
    status: 'ready',
    width: 1080,
    height: 1350,
    duration_ms: null,
    ...overrides,
  } as MediaItem;
}

describe('media requirements', () => {
  it('read as the plan says them', () => {
    expect(requirementText(image)).toBe('1 image 4:5 — a close-up of the crust');
    expect(requirementText(reel)).toBe('1 video 9:16, 3–90 s — kneading the dough');
    expect(requirementText({ ...image, kind: 'carousel', count: 3, aspectRatio: '1:1' })).toBe(
      'carousel of 3 files 1:1 — a close-up of the crust',
    );
  });

  it('count what is still missing', () => {
    expect(missingCount(image, 0)).toBe(1);
    expect(missingCount({ ...image, kind: 'carousel', count: 3 }, 1)).toBe(2);
    expect(missingCount({ ...image, kind: 'none', count: 0 }, 0)).toBe(0);
  });

  it('accept a file of the asked kind and shape', () => {
    expect(misfitOf(image, item({}))).toBeNull();
    expect(misfitOf(image, item({ width: 1080, height: 1349 }))).toBeNull();
    expect(
      misfitOf(reel, item({ kind: 'video', width: 1080, height: 1920, duration_ms: 30_000 })),
    ).toBeNull();
  });

  it('say what is wrong with a misfit', () => {
    expect(misfitOf(image, item({ height: 1080 }))).toBe('Needs 4:5, this is 1:1');
    expect(misfitOf(image, item({ kind: 'video' }))).toBe('Needs an image, this is a video');
    expect(
      misfitOf(reel, item({ kind: 'video', width: 1080, height: 1920, duration_ms: 120_000 })),
    ).toBe('Needs at most 90 s, this is 120 s');
    expect(
      misfitOf(reel, item({ kind: 'video', width: 1000, height: 700, duration_ms: 5000 })),
    ).toBe('Needs 9:16, this is 1000×700');
  });
});
