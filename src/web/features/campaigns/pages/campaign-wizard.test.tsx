import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '../../../test/mock-api.ts';
import {
  bodiesTo,
  campaign,
  CAMPAIGN_ID,
  campaignsApi,
  campaignUrl,
  FACEBOOK,
  INSTAGRAM,
  renderCampaigns,
} from './campaigns.test-helpers.tsx';

// The wizard: every step saved with the version it was typed on, resumed where it was saved,
// and a conflict that keeps what was typed until Reload.

const location = () => screen.getByTestId('location').textContent;

describe('the wizard saves each step', () => {
  it('creates the draft from the first step and moves on to the schedule', async () => {
    const { calls } = campaignsApi({
      'POST /api/campaigns': ok(
        campaign({ version: 1, step: 'brief', startsOn: null, endsOn: null }),
      ),
      [`PATCH ${campaignUrl}`]: ok(campaign({ version: 2, step: 'schedule' })),
      [`GET ${campaignUrl}`]: ok(campaign({ version: 2, step: 'schedule' })),
    });
    renderCampaigns('/dashboard/campaigns/new');
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name the campaign')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Campaign name' }), {
      target: { value: ' Winter loaves ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Goal' }), {
      target: { value: 'Sell the winter loaves' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(location()).toBe(`/dashboard/campaigns/${CAMPAIGN_ID}?step=schedule`),
    );
    expect(bodiesTo(calls, 'POST', '/api/campaigns')).toEqual([
      { name: 'Winter loaves', goal: 'Sell the winter loaves', audience: '' },
    ]);
    expect(bodiesTo(calls, 'PATCH', campaignUrl)).toEqual([{ version: 1, step: 'schedule' }]);
    expect(await screen.findByText('Step 2 of 5')).toBeTruthy();
  });

  it('saves the schedule with the version it was typed on when going on', async () => {
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'schedule', cadence: null, formats: [] })),
      [`PATCH ${campaignUrl}`]: ok(campaign({ version: 4, step: 'plan' })),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const instagram = await screen.findByRole('checkbox', { name: '@rosabakery' });
    fireEvent.click(instagram);
    fireEvent.change(screen.getByLabelText('Ends on'), { target: { value: '2026-12-21' } });
    // The cadence starts from the posting hours: Tuesday and Thursday, at their starts.
    expect((screen.getByRole('checkbox', { name: 'Tue' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Mon' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(location()).toBe(`/dashboard/campaigns/${CAMPAIGN_ID}?step=plan`));
    expect(bodiesTo(calls, 'PATCH', campaignUrl)).toEqual([
      {
        version: 3,
        step: 'plan',
        startsOn: '2026-12-01',
        endsOn: '2026-12-21',
        connectionIds: [FACEBOOK.id, INSTAGRAM.id],
        formats: ['post', 'reel'],
        cadence: { postsPerWeek: 2, weekdays: [2, 4], times: ['10:00', '18:00'] },
      },
    ]);
  });

  it('is for a saved audience segment when one is chosen', async () => {
    const segmentId = '5a1b2c3d-0000-4000-8000-00000000b001';
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'brief' })),
      [`PATCH ${campaignUrl}`]: ok(campaign({ version: 4, step: 'brief', segmentId })),
      'GET /api/campaigns': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
      'GET /api/audience/segments': ok([
        {
          id: segmentId,
          name: 'Regulars',
          rule: { op: 'and', children: [] },
          count: 12,
          createdAt: '2026-11-01T10:00:00.000Z',
          updatedAt: '2026-11-01T10:00:00.000Z',
        },
      ]),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const select = await screen.findByRole('combobox', { name: /Audience segment/ });
    await screen.findByRole('option', { name: 'Regulars (12 contacts)' });
    fireEvent.change(select, { target: { value: segmentId } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and exit' }));
    await waitFor(() => expect(location()).toBe('/dashboard/campaigns'));
    expect(bodiesTo(calls, 'PATCH', campaignUrl)[0]).toMatchObject({ segmentId });
  });

  it('saves the step when leaving it for another step or the list', async () => {
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'brief' })),
      [`PATCH ${campaignUrl}`]: ok(campaign({ version: 4, step: 'brief' })),
      'GET /api/campaigns': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const audience = await screen.findByRole('textbox', { name: /Audience/ });
    fireEvent.change(audience, { target: { value: 'Students' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and exit' }));
    await waitFor(() => expect(location()).toBe('/dashboard/campaigns'));
    expect(bodiesTo(calls, 'PATCH', campaignUrl)).toEqual([
      {
        version: 3,
        step: 'brief',
        name: 'Winter loaves',
        goal: 'Sell the winter loaves',
        audience: 'Students',
      },
    ]);
  });

  it('saves what was typed when the wizard is left another way', async () => {
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(campaign({ step: 'brief' })),
      [`PATCH ${campaignUrl}`]: ok(campaign({ version: 4 })),
    });
    const view = renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Goal' }), {
      target: { value: 'Fill the classes' },
    });
    view.unmount();
    await waitFor(() =>
      expect(bodiesTo(calls, 'PATCH', campaignUrl)).toEqual([
        {
          version: 3,
          step: 'brief',
          name: 'Winter loaves',
          goal: 'Fill the classes',
          audience: 'Neighbours',
        },
      ]),
    );
  });

  it('sends nothing when the wizard is left unchanged', async () => {
    const { calls } = campaignsApi({ [`GET ${campaignUrl}`]: ok(campaign({ step: 'brief' })) });
    const view = renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    await screen.findByRole('textbox', { name: 'Goal' });
    view.unmount();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('resumes at the step the draft was saved at', async () => {
    campaignsApi({ [`GET ${campaignUrl}`]: ok(campaign({ step: 'media' })) });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    expect(await screen.findByText('Step 4 of 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Media' })).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Campaign steps' });
    expect(within(steps).getByRole('button', { current: 'step' }).textContent).toContain('Media');
  });
});

describe('a conflict', () => {
  it('keeps what was typed, says why, and reloads the campaign on request', async () => {
    let served = campaign({ step: 'brief' });
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: () => ok(served),
      [`PATCH ${campaignUrl}`]: fail(409, 'WORKFLOW_STATE_INVALID', 'Changed elsewhere', {
        errorType: 'business',
      }),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const name = await screen.findByRole('textbox', { name: 'Campaign name' });
    fireEvent.change(name, { target: { value: 'My own name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(
      await screen.findByText('Someone else changed this campaign. Reload to see their changes.'),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Campaign name' }) as HTMLInputElement).value).toBe(
      'My own name',
    );
    expect(location()).toBe(`/dashboard/campaigns/${CAMPAIGN_ID}`);

    served = campaign({ step: 'brief', version: 5, name: 'Their name' });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: 'Campaign name' }) as HTMLInputElement).value,
      ).toBe('Their name'),
    );
    expect(screen.queryByText(/Someone else changed this campaign/)).toBeNull();
    expect(bodiesTo(calls, 'PATCH', campaignUrl)).toHaveLength(1);
  });
});
