import { describe, expect, it } from 'vitest';
import type { PlannedPost } from '#shared/contracts/planning.contract.ts';
import type { InstagramMedia } from '#shared/contracts/platforms.contract.ts';
import {
  coverPicture,
  gridTiles,
  plannedOrder,
  reorderTimes,
  tileMark,
  tilePicture,
  withTimes,
  type GridTile,
} from './grid-model.ts';

const USER = '00000000-0000-4000-8000-00000000000a';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function planned(n: number, at: string, extra: Partial<PlannedPost> = {}): PlannedPost {
  return {
    id: id(n),
    user_id: USER,
    title: `Post ${n}`,
    content: null,
    platforms: ['instagram'],
    type: 'post',
    status: 'scheduled',
    scheduled_for: at,
    created_at: at,
    updated_at: at,
    format: 'post',
    media_count: 1,
    cover: { media_id: id(100 + n), kind: 'image', has_thumbnail: true },
    ...extra,
  };
}

function published(mediaId: string, extra: Partial<InstagramMedia> = {}): InstagramMedia {
  return {
    id: mediaId,
    media_type: 'IMAGE',
    media_product_type: 'FEED',
    media_url: `https://cdn.example.com/${mediaId}.jpg`,
    thumbnail_url: null,
    permalink: `https://www.instagram.com/p/${mediaId}/`,
    timestamp: '2026-03-01T10:00:00.000Z',
    caption: null,
    ...extra,
  };
}

const keys = (tiles: GridTile[]) => tiles.map((t) => t.key);

describe('the grid’s order', () => {
  it('puts the planned posts latest first above the published ones, kept in the platform’s order', () => {
    const tiles = gridTiles(
      [
        planned(1, '2026-04-01T09:00:00Z'),
        planned(2, '2026-04-03T09:00:00Z'),
        planned(3, '2026-04-02T09:00:00Z'),
      ],
      [published('m9'), published('m8'), published('m7')],
    );
    expect(keys(tiles)).toEqual([
      `planned-${id(2)}`,
      `planned-${id(3)}`,
      `planned-${id(1)}`,
      'published-m9',
      'published-m8',
      'published-m7',
    ]);
  });

  it('draws a medium the platform lists on two pages once', () => {
    const tiles = gridTiles([], [published('m2'), published('m1'), published('m1')]);
    expect(keys(tiles)).toEqual(['published-m2', 'published-m1']);
  });

  it('orders planned posts at the same time by id, so the order never flickers', () => {
    const at = '2026-04-01T09:00:00Z';
    expect(plannedOrder([planned(1, at), planned(2, at)]).map((p) => p.id)).toEqual([id(2), id(1)]);
  });
});

describe('what a tile draws, cropped to its centre', () => {
  const tile = (media: InstagramMedia): GridTile => ({ kind: 'published', key: media.id, media });

  it('a photo and a carousel draw their (first) image; a video its thumbnail', () => {
    expect(tilePicture(tile(published('a')))).toEqual({
      src: 'https://cdn.example.com/a.jpg',
      video: false,
    });
    expect(
      tilePicture(tile(published('b', { media_type: 'CAROUSEL_ALBUM', media_url: 'first.jpg' }))),
    ).toEqual({ src: 'first.jpg', video: false });
    expect(
      tilePicture(
        tile(
          published('c', {
            media_type: 'VIDEO',
            media_url: 'clip.mp4',
            thumbnail_url: 'frame.jpg',
          }),
        ),
      ),
    ).toEqual({ src: 'frame.jpg', video: true });
    // A video the platform gave no frame for draws a placeholder, never the video's address.
    expect(
      tilePicture(tile(published('d', { media_type: 'VIDEO', media_url: 'clip.mp4' }))),
    ).toEqual({
      src: null,
      video: true,
    });
  });

  it('a planned post draws the library’s small copy of its first medium', () => {
    expect(coverPicture({ media_id: id(5), kind: 'image', has_thumbnail: true })).toEqual({
      src: `/api/media/${id(5)}/file/thumbnail`,
      video: false,
    });
    expect(coverPicture({ media_id: id(5), kind: 'image', has_thumbnail: false })).toEqual({
      src: `/api/media/${id(5)}/file/original`,
      video: false,
    });
    // A video without a frame yet: never the video file as a picture.
    expect(coverPicture({ media_id: id(6), kind: 'video', has_thumbnail: false })).toEqual({
      src: null,
      video: true,
    });
    expect(coverPicture(null)).toEqual({ src: null, video: false });
  });

  it('marks reels and carousels as the phone does, and a feed video with a play mark', () => {
    expect(
      tileMark(tile(published('r', { media_type: 'VIDEO', media_product_type: 'REELS' }))),
    ).toBe('reel');
    expect(tileMark(tile(published('c', { media_type: 'CAROUSEL_ALBUM' })))).toBe('carousel');
    expect(tileMark(tile(published('v', { media_type: 'VIDEO' })))).toBe('video');
    expect(tileMark(tile(published('p')))).toBeNull();
    const at = '2026-04-01T09:00:00Z';
    const mark = (p: PlannedPost) => tileMark({ kind: 'planned', key: p.id, post: p });
    expect(mark(planned(1, at, { format: 'reel' }))).toBe('reel');
    expect(mark(planned(2, at, { format: 'carousel', media_count: 3 }))).toBe('carousel');
    expect(
      mark(planned(3, at, { cover: { media_id: id(9), kind: 'video', has_thumbnail: true } })),
    ).toBe('video');
    expect(mark(planned(4, at))).toBeNull();
  });
});

describe('a reorder', () => {
  const a = planned(1, '2026-04-03T09:00:00.000Z');
  const b = planned(2, '2026-04-02T12:00:00.000Z');
  const c = planned(3, '2026-04-01T18:30:00.000Z');

  it('swaps the times of neighbours: two posts move, the grid follows', () => {
    const changes = reorderTimes([a, b, c], b.id, 0);
    expect(changes).toEqual([
      { id: b.id, from: b.scheduled_for, to: a.scheduled_for },
      { id: a.id, from: a.scheduled_for, to: b.scheduled_for },
    ]);
    const after = withTimes([a, b, c], changes);
    expect(plannedOrder(after).map((p) => p.title)).toEqual(['Post 2', 'Post 1', 'Post 3']);
    // The set of times stays the same.
    expect(after.map((p) => p.scheduled_for).sort()).toEqual(
      [a, b, c].map((p) => p.scheduled_for).sort(),
    );
  });

  it('hands the times out again in the new order for a longer move', () => {
    const changes = reorderTimes([a, b, c], c.id, 0);
    expect(changes.map((x) => [x.id, x.to])).toEqual([
      [c.id, a.scheduled_for],
      [a.id, b.scheduled_for],
      [b.id, c.scheduled_for],
    ]);
    expect(plannedOrder(withTimes([a, b, c], changes)).map((p) => p.id)).toEqual([
      c.id,
      a.id,
      b.id,
    ]);
  });

  it('changes nothing for a move in place, past either end, or of a post not planned here', () => {
    expect(reorderTimes([a, b, c], a.id, 0)).toEqual([]);
    expect(reorderTimes([a, b, c], a.id, -1)).toEqual([]);
    expect(reorderTimes([a, b, c], c.id, 7)).toEqual([]);
    expect(reorderTimes([a, b, c], id(99), 0)).toEqual([]);
    // Two posts at the same time have nothing to swap.
    const twin = planned(4, a.scheduled_for!);
    expect(reorderTimes([a, twin], a.id, 0)).toEqual([]);
  });

  it('puts the times back when undone', () => {
    const changes = reorderTimes([a, b, c], b.id, 0);
    expect(withTimes(withTimes([a, b, c], changes), changes, 'from')).toEqual([a, b, c]);
  });
});
