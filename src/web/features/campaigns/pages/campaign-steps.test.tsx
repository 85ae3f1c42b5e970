import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '../../../test/mock-api.ts';
import {
  bodiesTo,
  campaign,
  CAMPAIGN_ID,
  campaignsApi,
  campaignUrl,
  MEDIA_ID,
  mediaItem,
  post,
  renderCampaigns,
} from './campaigns.test-helpers.tsx';

// The plan, media and review steps against the contract's answers.

const location = () => screen.getByTestId('location').textContent;

describe('the plan step', () => {
  it("starts a new cadence from analytics' best times once analytics has data", async () => {
    const at = '2026-12-01T09:00:00.000Z';
    campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'schedule', cadence: null })),
      'GET /api/analytics/best-slots': ok({
        source: 'analytics',
        time_zone: 'UTC',
        note: 'From your analytics',
        slots: [
          { day: 2, time: '08:30', next_at: at },
          { day: 6, time: '17:00', next_at: at },
        ],
      }),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const perWeek = await screen.findByRole('spinbutton', { name: 'Posts per week, per account' });
    await waitFor(() =>
      expect((screen.getByLabelText('Time 1') as HTMLInputElement).value).toBe('08:30'),
    );
    expect((screen.getByLabelText('Time 2') as HTMLInputElement).value).toBe('17:00');
    expect((perWeek as HTMLInputElement).value).toBe('2');
    expect((screen.getByRole('checkbox', { name: 'Tue' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Sat' }) as HTMLInputElement).checked).toBe(true);
  });

  it('plans the posts on the draft’s version and shows them by week with the planner’s notes', async () => {
    const planned = campaign({
      step: 'plan',
      version: 4,
      planSource: 'offline',
      posts: [
        post(1, { firstComment: 'Order at the counter' }),
        post(2, { hashtags: ['#bread', '#winter'] }),
        post(8, { scheduledFor: '2026-12-08T17:30:00.000Z' }),
      ],
    });
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'plan' })),
      [`POST ${campaignUrl}/plan`]: ok({
        campaign: planned,
        notices: ['Two posts were moved off a public holiday.'],
        problems: [
          {
            postKey: null,
            field: 'posts',
            connectionId: null,
            account: 'Rosa Bakery',
            rule: 'quota',
            message: 'One post did not fit the week',
          },
        ],
      }),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    expect(await screen.findByText('No posts planned yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Plan my posts' }));

    expect(await screen.findByText('Made offline')).toBeTruthy();
    expect(bodiesTo(calls, 'POST', `${campaignUrl}/plan`)).toEqual([{ version: 3 }]);
    expect(screen.getByText('Two posts were moved off a public holiday.')).toBeTruthy();
    expect(screen.getByText('Rosa Bakery: One post did not fit the week')).toBeTruthy();

    const first = screen.getByRole('region', { name: 'Week of November 30' });
    const posts = within(first).getAllByRole('listitem');
    expect(posts).toHaveLength(2);
    expect(within(posts[0]!).getByText('Caption of post 1')).toBeTruthy();
    expect(within(posts[0]!).getByText('Order at the counter')).toBeTruthy();
    expect(within(posts[0]!).getByText(/1 image 4:5 — a close-up of loaf 1/)).toBeTruthy();
    expect(within(posts[1]!).getByText('#bread #winter')).toBeTruthy();
    const second = screen.getByRole('region', { name: 'Week of December 7' });
    expect(within(second).getByText('Caption of post 8')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Plan again/ })).toBeTruthy();
  });

  it('removes, writes again and edits one post on the current version', async () => {
    const draft = campaign({ step: 'plan', posts: [post(1), post(2)] });
    const { calls, fetchMock } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(draft),
      [`DELETE ${campaignUrl}/posts/p2`]: ok({
        campaign: campaign({ step: 'plan', version: 4, posts: [post(1)] }),
        notices: [],
        problems: [],
      }),
      [`POST ${campaignUrl}/posts/p1/regenerate`]: ok(
        campaign({ step: 'plan', version: 5, posts: [post(1, { caption: 'Written again' })] }),
      ),
      [`PATCH ${campaignUrl}/posts/p1`]: ok(
        campaign({ step: 'plan', version: 6, posts: [post(1, { caption: 'Mine now' })] }),
      ),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const second = await screen.findByRole('listitem', { name: /Dec 2/ });
    fireEvent.click(within(second).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Caption of post 2')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Write again' }));
    expect(await screen.findByText('Written again')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain(`${campaignUrl}/posts/p2?version=3`);
    expect(urls).toContain(`${campaignUrl}/posts/p1/regenerate?version=4`);

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Caption' }), {
      target: { value: 'Mine now' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save post' }));
    expect(await screen.findByText('Mine now')).toBeTruthy();
    const [edit] = bodiesTo(calls, 'PATCH', `${campaignUrl}/posts/p1`) as Array<{
      version: number;
      changes: Record<string, unknown>;
    }>;
    expect(edit?.version).toBe(5);
    expect(edit?.changes).toMatchObject({
      caption: 'Mine now',
      scheduledFor: '2026-12-01T09:00:00.000Z',
      hashtags: ['#bread'],
    });
  });
});

describe('the media step', () => {
  it('counts the posts missing media and marks a chosen file that does not fit', async () => {
    campaignsApi({
      [`GET ${campaignUrl}`]: ok(
        campaign({
          step: 'media',
          posts: [
            post(1, { mediaIds: [MEDIA_ID] }),
            post(2),
            post(3),
            post(4, {
              media: { ...post(4).media, kind: 'none', count: 0, aspectRatio: null },
            }),
          ],
        }),
      ),
      [`GET /api/media/${MEDIA_ID}`]: ok({ ...mediaItem(), usages: [] }),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    expect(await screen.findByText('2 posts need media')).toBeTruthy();
    const first = screen.getByRole('listitem', { name: /Dec 1/ });
    expect(await within(first).findByText('Does not fit: Needs 4:5, this is 1:1')).toBeTruthy();
    expect(screen.getByText('1 post has a file that does not fit')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Change media' })).toBeTruthy();
    const second = screen.getByRole('listitem', { name: /Dec 2/ });
    expect(within(second).getByText('Missing 1 file')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Choose media' })).toBeTruthy();
    const fourth = screen.getByRole('listitem', { name: /Dec 4/ });
    expect(within(fourth).queryByRole('button', { name: /media/ })).toBeNull();
  });

  it('saves the files chosen in the library picker to the post', async () => {
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'media', posts: [post(1)] })),
      'GET /api/media': ok({
        items: [mediaItem({ width: 1080, height: 1350, name: 'portrait.jpg' })],
        total: 1,
        next_cursor: null,
      }),
      [`PATCH ${campaignUrl}/posts/p1`]: ok(
        campaign({ step: 'media', version: 4, posts: [post(1, { mediaIds: [MEDIA_ID] })] }),
      ),
      [`GET /api/media/${MEDIA_ID}`]: ok({
        ...mediaItem({ width: 1080, height: 1350, name: 'portrait.jpg' }),
        usages: [],
      }),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose media' }));
    fireEvent.click(await screen.findByRole('button', { name: 'portrait.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use 1 item' }));
    expect(await screen.findByText('Every post has its media')).toBeTruthy();
    expect(await screen.findByText('Fits')).toBeTruthy();
    expect(bodiesTo(calls, 'PATCH', `${campaignUrl}/posts/p1`)).toEqual([
      { version: 3, changes: { mediaIds: [MEDIA_ID] } },
    ]);
  });
});

describe('the review step', () => {
  const problems = [
    {
      postKey: 'p2',
      field: 'posts.p2.mediaIds',
      connectionId: null,
      account: 'Rosa Bakery',
      rule: 'media.missing',
      message: 'Choose the image for this post',
    },
    {
      postKey: null,
      field: 'endsOn',
      connectionId: null,
      account: null,
      rule: 'dates',
      message: 'The campaign ends before it starts',
    },
  ];

  it('lists the launch gate’s problems, each with a link to the step and post that fix it', async () => {
    campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'review', posts: [post(1), post(2)] })),
      [`POST ${campaignUrl}/check`]: ok({ ok: false, problems }),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const list = await screen.findByRole('list', { name: 'Problems to fix' });
    expect(within(list).getByText('Rosa Bakery: Choose the image for this post')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Fix in Media' }).getAttribute('href')).toBe(
      `/dashboard/campaigns/${CAMPAIGN_ID}?step=media&post=p2`,
    );
    expect(
      within(list).getByRole('link', { name: 'Fix in Dates and accounts' }).getAttribute('href'),
    ).toBe(`/dashboard/campaigns/${CAMPAIGN_ID}?step=schedule`);
    fireEvent.click(within(list).getByRole('link', { name: 'Fix in Media' }));
    expect(await screen.findByText('Step 4 of 5')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: /Dec 2/ }).className).toContain('ring-2');
  });

  it('launches and shows the detail', async () => {
    let launched = false;
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: () =>
        ok(campaign(launched ? { status: 'scheduled' } : { step: 'review', posts: [post(1)] })),
      [`POST ${campaignUrl}/check`]: ok({ ok: true, problems: [] }),
      [`POST ${campaignUrl}/launch`]: () => {
        launched = true;
        return ok(campaign({ status: 'scheduled', version: 4, posts: [post(1)] }));
      },
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}?step=review`);
    expect(await screen.findByText('Ready to launch')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Launch' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe(`/dashboard/campaigns/${CAMPAIGN_ID}`));
    expect(bodiesTo(calls, 'POST', `${campaignUrl}/launch`)).toEqual([{ version: 3 }]);
  });

  it('lists a refused launch’s problems the same way, and asks the gate again', async () => {
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'review', posts: [post(1)] })),
      [`POST ${campaignUrl}/check`]: ok({ ok: true, problems: [] }),
      [`POST ${campaignUrl}/launch`]: fail(
        400,
        'VALIDATION_ERROR',
        'This campaign cannot be launched yet. Fix the problems listed',
        { fieldErrors: { 'posts.p1.scheduledFor': 'Rosa Bakery: The time has passed' } },
      ),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Launch' }));
    const list = await screen.findByRole('list', { name: 'Why it was not launched' });
    expect(within(list).getByText('Rosa Bakery: The time has passed')).toBeTruthy();
    expect(
      within(list).getByRole('link', { name: 'Fix in Plan of posts' }).getAttribute('href'),
    ).toBe(`/dashboard/campaigns/${CAMPAIGN_ID}?step=plan&post=p1`);
    expect(
      screen.getByText('This campaign cannot be launched yet. Fix the problems listed'),
    ).toBeTruthy();
    await waitFor(() => expect(bodiesTo(calls, 'POST', `${campaignUrl}/check`)).toHaveLength(2));
  });
});
