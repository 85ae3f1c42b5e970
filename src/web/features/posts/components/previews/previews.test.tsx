import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { USER_ID } from '../../../../test/auth-state.ts';
import { connection } from '../../../../test/connections.ts';
import { InstagramPreview } from './instagram-preview.tsx';
import type { PreviewProps } from './preview-parts.tsx';

function photo(n: number): MediaItem {
  return {
    id: `00000000-0000-4000-8000-0000000000c${n}`,
    user_id: USER_ID,
    name: `photo-${n}.jpg`,
    kind: 'image',
    mime_type: 'image/jpeg',
    size_bytes: 200_000,
    width: 1080,
    height: 1080,
    duration_ms: null,
    frame_rate: null,
    video_codec: null,
    audio_codec: null,
    content_hash: `hash-${n}`,
    status: 'ready',
    processing_error: null,
    tags: [],
    has_thumbnail: true,
    has_instagram_copy: true,
    location_removed: true,
    had_location: false,
    uploaded_by: USER_ID,
    uploaded_by_name: 'Rosa',
    compatibility: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

const props = (media: MediaItem[]): PreviewProps => ({
  connection: connection({ platform: 'instagram' }),
  format: 'carousel',
  text: 'Fresh bread',
  firstComment: '',
  media,
  when: null,
});

describe('Instagram carousel preview', () => {
  it('stays on the last photo when the one shown is taken away', () => {
    const three = [photo(1), photo(2), photo(3)];
    const { rerender } = render(<InstagramPreview {...props(three)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('3/3')).toBeTruthy();

    rerender(<InstagramPreview {...props(three.slice(0, 2))} />);
    expect(screen.getByText('2/2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    const dots = [...screen.getByTestId('carousel-dots').children];
    expect(dots.map((dot) => dot.className.includes('bg-[#3897f0]'))).toEqual([false, true]);
    // Going back moves from the photo shown, not from the one that is gone.
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByText('1/2')).toBeTruthy();
  });
});
