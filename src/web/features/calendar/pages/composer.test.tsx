import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { fail, ok } from '../../../test/mock-api.ts';
import {
  CLIP,
  EVENT,
  IG,
  NEW_AT_SLOT,
  PHOTO,
  delivery,
  openComposer,
  photo,
  post,
  refused,
} from './composer.test-helpers.tsx';

// The composer on the calendar page, opened by its address, against a mocked API. Every save is
// one request to /api/posts (docs/decisions/087).

beforeEach(() => {
  localStorage.clear();
});

describe('the composer', { timeout: 20_000 }, () => {
  it('counts, checks each account live, blocks scheduling with a summary, then saves in one request', async () => {
    const { composer, calls, router } = await openComposer(NEW_AT_SLOT, {
      'POST /api/posts': { status: 201, body: ok(post({ status: 'scheduled' })).body },
    });
    expect((within(composer).getByLabelText('Date') as HTMLInputElement).value).toBe('2030-04-29');
    expect((within(composer).getByLabelText(/^Time/) as HTMLInputElement).value).toBe('10:30');

    const text = `Fresh croissants ${'#bake '.repeat(31)}@rosa`;
    fireEvent.change(within(composer).getByLabelText('Text'), { target: { value: text } });
    // No account yet: both platforms' counts.
    expect(within(composer).getByTestId('instagram-hashtags').textContent).toBe(
      '31 / 30 hashtags — over the limit of 30',
    );
    expect(within(composer).getByTestId('facebook-hashtags').textContent).toBe('31 hashtags');
    expect(within(composer).getByTestId('instagram-characters').textContent).toBe(
      `${text.length} / 2,200 characters`,
    );

    fireEvent.click(await within(composer).findByRole('checkbox', { name: /@rosabakery/ }));
    expect(
      await within(composer).findByText('23 of 25 posts left (rolling 24 hours)'),
    ).toBeTruthy();
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const problems = () =>
      within(checks)
        .queryAllByRole('listitem')
        .map((li) => [li.getAttribute('data-account'), li.getAttribute('data-rule')]);
    expect(problems()).toEqual([
      ['@rosabakery', 'caption_too_many_hashtags'],
      ['@rosabakery', 'media_required'],
    ]);
    // Instagram's preview shows the account.
    expect(
      within(composer).getByRole('article', { name: 'Instagram preview for @rosabakery' }),
    ).toBeTruthy();

    // Scheduling is stopped, with the reasons focused; nothing is sent.
    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    expect(
      await within(checks).findByText(/Schedule is stopped: fix these 2 problems first/),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(checks));
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);

    // Fix: fewer hashtags, and a photo from the library.
    fireEvent.change(within(composer).getByLabelText('Text'), {
      target: { value: 'Fresh croissants #bakery' },
    });
    fireEvent.click(within(composer).getByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from your library' });
    fireEvent.click(await within(picker).findByRole('button', { name: 'croissants.jpg' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Use 1 item' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /library/ })).toBeNull());
    expect(within(composer).getAllByTestId('attached-media')).toHaveLength(1);
    expect(await within(checks).findByText(/every platform rule is met/)).toBeTruthy();

    fireEvent.change(within(composer).getByLabelText(/^First comment/), {
      target: { value: 'Open 7–3' },
    });
    expect(within(composer).getByTestId('preview-first-comment').textContent).toContain('Open 7–3');

    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('compose'));
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/posts']);
    expect(writes[0]!.body).toEqual({
      post: {
        // The first line of the text stands in for the empty title.
        title: 'Fresh croissants #bakery',
        content: 'Fresh croissants #bakery',
        type: 'post',
        scheduled_for: '2030-04-29T09:30:00.000Z',
      },
      targets: [
        { connection_id: IG, format: 'post', media_ids: [PHOTO], first_comment: 'Open 7–3' },
      ],
      intent: 'schedule',
    });
    expect(localStorage.length).toBe(0);
    // The calendar shows the post's day.
    expect(router.state.location.search).toContain('date=2030-04-29');
  });

  it('shows the server’s refusal by account and field, with the catalogue’s message, keeping everything typed', async () => {
    const error = vi.spyOn(toast, 'error');
    const { composer, calls } = await openComposer(`/dashboard/calendar?compose=${EVENT}`, {
      [`GET /api/posts/${EVENT}`]: ok(post()),
      [`PUT /api/posts/${EVENT}`]: refused('Failed to schedule content', {
        'targets.0.connection_id':
          '@rosabakery: This account has reached its 24-hour publishing limit',
        title: 'Title is too long',
      }),
    });
    expect(await within(composer).findByDisplayValue('Croissant day')).toBeTruthy();
    expect(within(composer).getByRole('checkbox', { name: /@rosabakery/ })).toHaveProperty(
      'checked',
      true,
    );
    await within(composer).findAllByTestId('attached-media');
    fireEvent.change(within(composer).getByLabelText('Text'), {
      target: { value: 'Fresh croissants, still warm #bakery' },
    });
    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const item = await within(checks).findByText(/reached its 24-hour publishing limit/);
    expect(item.closest('li')!.textContent).toBe(
      '@rosabakery · Account: This account has reached its 24-hour publishing limit',
    );
    // A field's reason is shown beside it too.
    expect(within(composer).getAllByText('Title is too long').length).toBeGreaterThan(0);
    expect(error).toHaveBeenCalledWith('Failed to schedule content', {
      description: 'The reasons are listed in the composer.',
    });
    // One request, refused as a whole: still open on the same post, with the text as typed.
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /api/posts/${EVENT}`,
    ]);
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeTruthy();
    expect((within(composer).getByLabelText('Text') as HTMLTextAreaElement).value).toBe(
      'Fresh croissants, still warm #bakery',
    );
  });

  it('keeps what was typed in this browser, restores it with a notice, and can discard it', async () => {
    const first = await openComposer();
    fireEvent.change(within(first.composer).getByLabelText('Text'), {
      target: { value: 'Half-written thought' },
    });
    // Closing asks first.
    fireEvent.click(within(first.composer).getAllByRole('button', { name: 'Close' })[0]!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Close without saving?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Close and keep them' }));
    await waitFor(() => expect(first.router.state.location.search).not.toContain('compose'));

    // Opening a new post again brings it back.
    await first.router.navigate(NEW_AT_SLOT);
    const composer = await screen.findByRole('dialog', { name: 'New post' }, { timeout: 10_000 });
    expect(within(composer).getByText('Restored your unsaved changes')).toBeTruthy();
    expect((within(composer).getByLabelText('Text') as HTMLTextAreaElement).value).toBe(
      'Half-written thought',
    );
    fireEvent.click(within(composer).getByRole('button', { name: 'Discard' }));
    expect((within(composer).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('saves a draft with account problems still open, in one request', async () => {
    const { composer, calls } = await openComposer(NEW_AT_SLOT, {
      'POST /api/posts': { status: 201, body: ok(post()).body },
    });
    fireEvent.click(within(composer).getByRole('button', { name: 'Save draft' }));
    // A draft needs a title (or text to take it from).
    expect(await within(composer).findAllByText('Title is required')).toHaveLength(2);
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
    fireEvent.change(within(composer).getByLabelText('Title'), {
      target: { value: 'Croissant day' },
    });
    fireEvent.click(await within(composer).findByRole('checkbox', { name: /@rosabakery/ }));
    fireEvent.click(within(composer).getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => c.method)).toEqual(['POST']),
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      post: { title: 'Croissant day', content: null },
      targets: [{ connection_id: IG, format: 'post', media_ids: [], first_comment: null }],
      intent: 'draft',
    });
  });

  it('a story for Instagram: a 9:16 preview without the text, notes on what it leaves out, sent without the first comment', async () => {
    const { composer, calls, router } = await openComposer(NEW_AT_SLOT, {
      'POST /api/posts': { status: 201, body: ok(post({ status: 'scheduled' })).body },
    });
    fireEvent.change(within(composer).getByLabelText('Text'), {
      target: { value: 'Fresh croissants #bakery' },
    });
    fireEvent.change(within(composer).getByLabelText(/^First comment/), {
      target: { value: 'Open 7–3' },
    });
    fireEvent.click(await within(composer).findByRole('checkbox', { name: /@rosabakery/ }));
    const story = within(composer).getByRole('radio', { name: 'Story' });
    expect(story).toHaveProperty('disabled', false);
    fireEvent.click(story);
    expect(story).toHaveProperty('checked', true);
    expect(
      within(composer).getByText(
        'One photo or video, full screen, for 24 hours; no text or first comment',
      ),
    ).toBeTruthy();

    // The story's own preview: the frame, and no caption or comment under it.
    const preview = within(composer).getByRole('article', {
      name: 'Instagram story preview for @rosabakery',
    });
    expect(within(preview).getByTestId('story-frame')).toBeTruthy();
    expect(within(preview).queryByText(/Fresh croissants/)).toBeNull();
    expect(within(preview).queryByTestId('preview-first-comment')).toBeNull();
    expect(within(preview).getByTestId('story-not-published').textContent).toBe(
      'Stories show no text or comments: the text and the first comment are not published with this story.',
    );
    // The text is published nowhere, so it is not counted against Instagram.
    expect(within(composer).queryByTestId('counts-instagram')).toBeNull();

    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const rulesIn = (name: string) =>
      within(within(checks).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((li) => [li.getAttribute('data-account'), li.getAttribute('data-rule')]);
    expect(rulesIn('Problems')).toEqual([['@rosabakery', 'media_required']]);
    expect(rulesIn('Notes')).toEqual([
      ['@rosabakery', 'story_text_not_published'],
      ['@rosabakery', 'story_first_comment_not_posted'],
    ]);

    fireEvent.click(within(composer).getByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from your library' });
    fireEvent.click(await within(picker).findByRole('button', { name: 'croissants.jpg' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Use 1 item' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /library/ })).toBeNull());
    expect(await within(checks).findByText(/every platform rule is met/)).toBeTruthy();
    expect(rulesIn('Notes')).toHaveLength(2);

    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('compose'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      targets: [{ connection_id: IG, format: 'story', media_ids: [PHOTO], first_comment: null }],
      intent: 'schedule',
    });
  });

  it('names a story video outside 3–60 seconds with its account, field and reason', async () => {
    const clip: MediaItem = {
      ...photo,
      id: CLIP,
      name: 'oven.mp4',
      kind: 'video',
      mime_type: 'video/mp4',
      width: 1080,
      height: 1920,
      duration_ms: 90_000,
      compatibility: [
        {
          target: 'instagram_story',
          ok: false,
          reasons: ['1 min 30 s is longer than 1 min 0 s.'],
          notes: [],
        },
      ],
    };
    const story = post({ deliveries: [delivery({ format: 'story', media_ids: [CLIP] })] });
    const { composer } = await openComposer(`/dashboard/calendar?compose=${EVENT}`, {
      [`GET /api/posts/${EVENT}`]: ok(story),
      [`GET /api/media/${CLIP}`]: ok({ ...clip, usages: [] }),
    });
    expect(await within(composer).findByDisplayValue('Croissant day')).toBeTruthy();
    await waitFor(() =>
      expect(within(composer).getByRole('radio', { name: 'Story' })).toHaveProperty(
        'checked',
        true,
      ),
    );
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const item = await within(checks).findByText(/longer than 1 min 0 s/);
    expect(item.closest('li')!.textContent).toBe(
      '@rosabakery · Media: 1 min 30 s is longer than 1 min 0 s.',
    );
    expect(item.closest('li')!.getAttribute('data-rule')).toBe('media_instagram_story');
    // The file itself is marked too, before anything is sent.
    const [tile] = within(composer).getAllByTestId('attached-media');
    expect(within(tile!).getByLabelText('Has a problem for an account')).toBeTruthy();
  });

  it('says the accounts could not be loaded, with a retry, rather than that there are none', async () => {
    const { composer, calls } = await openComposer(NEW_AT_SLOT, {
      'GET /api/platforms/connections': fail(503, 'SERVICE_UNAVAILABLE', 'Please try again.', {
        retryable: false,
      }),
    });
    expect(await within(composer).findByText('Your accounts could not be loaded')).toBeTruthy();
    expect(within(composer).queryByText(/No accounts connected yet/)).toBeNull();
    const reads = () => calls.filter((c) => c.path === '/api/platforms/connections').length;
    const before = reads();
    fireEvent.click(within(composer).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('says so when the browser refuses to keep unsaved changes, instead of promising it', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const { composer } = await openComposer();
      fireEvent.change(within(composer).getByLabelText('Text'), {
        target: { value: 'Half-written thought' },
      });
      expect(within(composer).getByTestId('composer-save-state').textContent).toBe(
        'This browser is not keeping your unsaved changes: save a draft to keep them.',
      );
      fireEvent.click(within(composer).getAllByRole('button', { name: 'Close' })[0]!);
      const confirm = await screen.findByRole('alertdialog', { name: 'Close without saving?' });
      expect(
        within(confirm).getByText(
          'This browser does not let us keep them on this device: if you close now, they are lost.',
        ),
      ).toBeTruthy();
      expect(within(confirm).queryByRole('button', { name: 'Close and keep them' })).toBeNull();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    } finally {
      setItem.mockRestore();
    }
  });
});
