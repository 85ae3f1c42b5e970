import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { ok } from '../../../test/mock-api.ts';
import { EVENT, IG, PHOTO, openComposer, post, refused } from './composer.test-helpers.tsx';

// The composer's "Add to queue" (docs/decisions/077): one request to /api/queue/posts with the
// post's text and accounts (no time: the queue chooses it), refused as Schedule is, the reasons
// beside the accounts they are about.

beforeEach(() => {
  localStorage.clear();
});

describe('Add to queue in the composer', { timeout: 20_000 }, () => {
  it('sends the post and its accounts, says where it went, and closes', async () => {
    const success = vi.spyOn(toast, 'success');
    const { composer, calls } = await openComposer(`/dashboard/calendar?compose=${EVENT}`, {
      [`GET /api/posts/${EVENT}`]: ok(post()),
      'POST /api/queue/posts': {
        status: 201,
        body: ok({
          queued: [
            {
              connection_id: IG,
              slot_at: '2030-04-30T08:00:00.000Z',
              paused: false,
              post: post({ status: 'scheduled', scheduled_for: '2030-04-30T08:00:00.000Z' }),
            },
          ],
        }).body,
      },
    });
    expect(await within(composer).findByDisplayValue('Croissant day')).toBeTruthy();
    await within(composer).findAllByTestId('attached-media');
    fireEvent.click(within(composer).getByRole('button', { name: 'Add to queue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/queue/posts')?.body).toEqual({
      post_id: EVENT,
      post: { title: 'Croissant day', content: 'Fresh croissants #bakery', type: 'post' },
      targets: [{ connection_id: IG, format: 'post', media_ids: [PHOTO], first_comment: null }],
    });
    expect(success).toHaveBeenCalledWith('Added to the queue', {
      description: expect.stringMatching(/^@rosabakery: /),
    });
  });

  it('shows a refusal by account, keeping everything typed', async () => {
    const error = vi.spyOn(toast, 'error');
    const { composer } = await openComposer(`/dashboard/calendar?compose=${EVENT}`, {
      [`GET /api/posts/${EVENT}`]: ok(post()),
      'POST /api/queue/posts': refused('Failed to schedule content', {
        'targets.0.connection_id':
          "@rosabakery: No free posting time in the next 8 weeks. Add posting times to this account's queue",
      }),
    });
    expect(await within(composer).findByDisplayValue('Croissant day')).toBeTruthy();
    await within(composer).findAllByTestId('attached-media');
    fireEvent.change(within(composer).getByLabelText('Text'), {
      target: { value: 'Croissants, still warm #bakery' },
    });
    fireEvent.click(within(composer).getByRole('button', { name: 'Add to queue' }));
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const item = await within(checks).findByText(/No free posting time in the next 8 weeks/);
    expect(item.closest('li')!.textContent).toContain('@rosabakery');
    expect(error).toHaveBeenCalledWith('Failed to schedule content', {
      description: 'The reasons are listed in the composer.',
    });
    expect((within(composer).getByLabelText('Text') as HTMLTextAreaElement).value).toBe(
      'Croissants, still warm #bakery',
    );
  });
});
