import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../test/mock-api.ts';
import {
  EVENT,
  IG,
  NEW_AT_SLOT,
  delivery,
  openComposer,
  post,
  refused,
  renderComposer,
} from './composer.test-helpers.tsx';

// How the calendar hands posts to the composer and saves them through /api/posts
// (docs/decisions/087): a new post starts with the default platforms' accounts; without an
// account nothing is ready to go out, and that is said as a problem; the quick dialog hands a post
// to schedule to the composer; a post opens in the composer, one on its way out in the quick view;
// moves, duplicates and deletes are one request each.

const BASE = '/dashboard/calendar?date=2030-04-29';

beforeEach(() => {
  localStorage.clear();
});

describe('a new post in the composer', { timeout: 20_000 }, () => {
  it('starts with the connected accounts of the business’s default platforms', async () => {
    const { composer } = await openComposer(NEW_AT_SLOT, {}, { default_platforms: ['facebook'] });
    const page = await within(composer).findByRole('checkbox', { name: /^Rosa Bakery/ });
    await waitFor(() => expect(page).toHaveProperty('checked', true));
    expect(within(composer).getByRole('checkbox', { name: /@rosabakery/ })).toHaveProperty(
      'checked',
      false,
    );
    // Chosen for the person, not by them: nothing to save yet.
    expect(within(composer).getByTestId('composer-save-state').textContent).toBe(
      'Nothing saved yet.',
    );
  });

  it('says that an account is needed as a problem, never as a check passed', async () => {
    const { composer, calls } = await openComposer();
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    await within(composer).findByRole('checkbox', { name: /@rosabakery/ });
    expect(within(checks).getByText('Choose at least one account to publish to')).toBeTruthy();
    expect(checks.className).toContain('border-destructive');
    expect(checks.className).not.toContain('border-success');
    expect(within(checks).queryByText(/every platform rule is met/)).toBeNull();

    fireEvent.change(within(composer).getByLabelText('Text'), {
      target: { value: 'Fresh croissants' },
    });
    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    const item = await within(checks).findByText('Choose at least one account to publish to');
    expect(item.closest('li')!.getAttribute('data-rule')).toBe('targets_required');
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('shows the server’s "Choose at least one account" refusal as a problem', async () => {
    const { composer } = await openComposer(NEW_AT_SLOT, {
      'POST /api/posts': refused('Failed to schedule content', {
        targets: 'Choose at least one account to publish to',
      }),
    });
    fireEvent.change(within(composer).getByLabelText('Text'), {
      target: { value: 'Fresh croissants' },
    });
    // The server has the last word: its refusal is shown even when the checks here passed.
    fireEvent.click(await within(composer).findByRole('checkbox', { name: /^Rosa Bakery/ }));
    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const item = await within(checks).findByText('Choose at least one account to publish to');
    expect(item.closest('li')!.textContent).toBe(
      'Accounts: Choose at least one account to publish to',
    );
    expect(checks.className).toContain('border-destructive');
  });
});

describe('the quick dialog', { timeout: 20_000 }, () => {
  it('keeps drafts, and hands a post to schedule to the composer with what was typed', async () => {
    renderComposer(NEW_AT_SLOT);
    const composer = await screen.findByRole('dialog', { name: 'New post' }, { timeout: 10_000 });
    fireEvent.click(within(composer).getByRole('button', { name: 'Add a note instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Post' }));
    // No "Schedule" here: a post is scheduled with its accounts, in the composer.
    expect(within(dialog).queryByRole('radio', { name: 'Schedule' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Title'), {
      target: { value: 'Spring menu' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Content/), {
      target: { value: 'Fresh bread, new coffee' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Facebook' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue in the composer' }));

    const next = await screen.findByRole('dialog', { name: 'New post' }, { timeout: 10_000 });
    expect((within(next).getByLabelText('Title') as HTMLInputElement).value).toBe('Spring menu');
    expect((within(next).getByLabelText('Text') as HTMLTextAreaElement).value).toBe(
      'Fresh bread, new coffee',
    );
    expect((within(next).getByLabelText('Date') as HTMLInputElement).value).toBe('2030-04-29');
    expect((within(next).getByLabelText(/^Time/) as HTMLInputElement).value).toBe('10:30');
    // The platform chosen there: its account here.
    const page = await within(next).findByRole('checkbox', { name: /^Rosa Bakery/ });
    await waitFor(() => expect(page).toHaveProperty('checked', true));
    expect(within(next).getByTestId('composer-save-state').textContent).toBe(
      'Unsaved changes are kept on this device until you save.',
    );
  });
});

describe('a post on the calendar', { timeout: 20_000 }, () => {
  it('opens in the composer; one already out opens in the quick view', async () => {
    const out = '00000000-0000-4000-8000-0000000000e2';
    const { router } = renderComposer(BASE, {
      'GET /api/calendar-events': ok([
        post({ deliveries: [] }),
        post({ id: out, title: 'Went out', status: 'published', deliveries: [] }),
      ]),
      [`GET /api/posts/${EVENT}`]: ok(post()),
      [`GET /api/posts/${out}`]: ok(
        post({
          id: out,
          status: 'published',
          deliveries: [delivery({ status: 'published', permalink: 'https://example.com/p/1' })],
        }),
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Croissant day, / }));
    expect(
      await screen.findByRole('dialog', { name: 'Edit post' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.search).toContain(`compose=${EVENT}`);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(router.state.location.search).not.toContain('compose'));

    fireEvent.click(await screen.findByRole('button', { name: /^Went out, / }));
    const quick = await screen.findByRole('dialog', { name: 'Went out' });
    expect(await within(quick).findByRole('link', { name: /View on Instagram/ })).toBeTruthy();
    expect(router.state.location.search).not.toContain('compose');
  });

  it('opens from a link where the calendar opens it, on its day', async () => {
    const { router } = renderComposer(`/dashboard/calendar?event=${EVENT}`, {
      [`GET /api/calendar-events/${EVENT}`]: ok(post({ status: 'scheduled', deliveries: [] })),
      [`GET /api/posts/${EVENT}`]: ok(post({ status: 'scheduled' })),
    });
    expect(
      await screen.findByRole('dialog', { name: 'Edit post' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe(`?compose=${EVENT}&date=2030-04-29`);
  });

  it('moves with PATCH /api/posts/{id}/schedule', async () => {
    const { calls } = renderComposer(BASE, {
      'GET /api/calendar-events': ok([post({ status: 'scheduled', deliveries: [] })]),
      [`PATCH /api/posts/${EVENT}/schedule`]: ok(
        post({ status: 'scheduled', scheduled_for: '2030-04-30T09:30:00.000Z' }),
      ),
    });
    const chip = await screen.findByRole('button', { name: /^Croissant day, / });
    fireEvent.keyDown(chip, { key: 'ArrowRight', altKey: true });
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET')).toEqual([
        {
          method: 'PATCH',
          path: `/api/posts/${EVENT}/schedule`,
          body: { scheduled_for: '2030-04-30T09:30:00.000Z' },
        },
      ]),
    );
  });

  it('is duplicated as a draft with its accounts, and deleted, from the composer', async () => {
    const copy = '00000000-0000-4000-8000-0000000000e3';
    const { composer, calls, router } = await openComposer(`/dashboard/calendar?compose=${EVENT}`, {
      [`GET /api/posts/${EVENT}`]: ok(post({ status: 'scheduled' })),
      'POST /api/posts': { status: 201, body: ok(post({ id: copy })).body },
      [`GET /api/posts/${copy}`]: ok(post({ id: copy, title: 'Croissant day, again' })),
      [`DELETE /api/posts/${copy}`]: ok({ id: copy }),
    });
    fireEvent.click(await within(composer).findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(router.state.location.search).toContain(`compose=${copy}`));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      post: {
        title: 'Croissant day',
        content: 'Fresh croissants #bakery',
        type: 'post',
        platforms: ['instagram'],
        scheduled_for: '2030-04-29T09:30:00.000Z',
      },
      targets: [
        { connection_id: IG, format: 'post', media_ids: [expect.any(String)], first_comment: null },
      ],
      intent: 'draft',
    });

    // The copy, opened in the composer in its place.
    const title = await screen.findByDisplayValue('Croissant day, again', {}, { timeout: 10_000 });
    const opened = title.closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.click(within(opened).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Delete “Croissant day, again”?',
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('compose'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/posts/${copy}`,
    ]);
  });
});
