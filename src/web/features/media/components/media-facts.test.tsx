import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { MediaDetails } from '#shared/contracts/media.contract.ts';
import { USER_ID } from '../../../test/auth-state.ts';
import { locationFact, MediaFacts } from './media-facts.tsx';

// "Location data" in the media details: Removed only when the upload had some (decision 047).

function item(extra: Partial<MediaDetails>): MediaDetails {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    user_id: USER_ID,
    name: 'clip.mp4',
    kind: 'video',
    mime_type: 'video/mp4',
    size_bytes: 200_000,
    width: 1080,
    height: 1920,
    duration_ms: 2000,
    frame_rate: 30,
    video_codec: 'avc1',
    audio_codec: 'mp4a',
    content_hash: 'hash',
    status: 'ready',
    processing_error: null,
    tags: [],
    has_thumbnail: true,
    has_instagram_copy: false,
    location_removed: false,
    had_location: null,
    uploaded_by: USER_ID,
    uploaded_by_name: 'Rosa',
    compatibility: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    usages: [],
    ...extra,
  };
}

describe('the location fact', () => {
  it.each([
    [{ had_location: true, location_removed: true }, 'Removed'],
    [{ had_location: false, location_removed: true }, 'None'],
    [{ had_location: false, location_removed: false }, 'None'],
    [{ had_location: true, location_removed: false }, 'Not removed'],
    [{ had_location: true, location_removed: false, status: 'processing' as const }, 'Processing…'],
    // Uploaded before it was recorded: the stored file has none, whether or not it had.
    [{ had_location: null, location_removed: true }, 'None kept'],
    [{ had_location: null, location_removed: false }, 'Not removed'],
  ])('%o reads %s', (facts, text) => {
    expect(locationFact(item(facts))).toBe(text);
  });

  it('warns of a video that keeps its location, never of one that had none', () => {
    const warning = 'Location data could not be removed';
    const kept = render(
      <MediaFacts item={item({ had_location: true })} canDelete={false} onDelete={() => {}} />,
    );
    expect(screen.getByText(warning)).toBeTruthy();
    expect(screen.getByTestId('location-data').textContent).toBe('Not removed');
    kept.unmount();
    render(
      <MediaFacts item={item({ had_location: false })} canDelete={false} onDelete={() => {}} />,
    );
    expect(screen.queryByText(warning)).toBeNull();
    expect(screen.getByTestId('location-data').textContent).toBe('None');
  });
});
