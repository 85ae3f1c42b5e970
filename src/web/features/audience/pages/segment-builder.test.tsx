import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { segmentTreeSchema } from '#shared/contracts/audience.contract.ts';
import { ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import {
  audienceApi,
  bodiesTo,
  contact,
  renderAudience,
  segment,
  SEGMENT_ID,
} from './audience.test-helpers.tsx';

// The segment builder: the tree it sends to the preview, the live count, values that are not
// valid kept from the server, the limits, Save, and editing and deleting a saved segment.

const PREVIEW = '/api/audience/segments/preview';
const location = () => screen.getByTestId('location').textContent;

/** Counts by what the tree holds: every contact for an empty AND, fewer with each rule. */
function previewApi(extra: Record<string, MockHandler | MockResponse> = {}) {
  return audienceApi({
    [`POST ${PREVIEW}`]: ({ body }) => {
      const rules = JSON.stringify(body).match(/"field"/g)?.length ?? 0;
      return ok({ count: 40 - rules * 10, sample: rules > 0 ? [contact()] : [] });
    },
    ...extra,
  });
}

const pick = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });

describe('the segment builder', () => {
  it('sends the AND / OR / NOT tree it builds, and the count follows it', async () => {
    const { calls } = previewApi();
    renderAudience('/dashboard/audience/segments/new');
    const count = await screen.findByText('40 contacts');
    expect(count.getAttribute('role')).toBe('status');

    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    pick('Rule 1 value', 'instagram');
    expect(await screen.findByText('30 contacts')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    const group = screen.getByRole('region', { name: 'Group 2' });
    expect(within(group).getByRole('button', { name: 'OR' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    pick('Rule 2.1 field', 'interactionCount');
    pick('Rule 2.1 operator', 'gte');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Rule 2.1 value' }), {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule to group 2' }));
    pick('Rule 2.2 field', 'tags');
    // A tags rule with no tag is not sent.
    expect(await screen.findByText('Add at least one tag')).toBeTruthy();
    const tags = screen.getByRole('textbox', { name: 'Rule 2.2 value' });
    fireEvent.change(tags, { target: { value: 'vip' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Group 2: NOT' }));

    expect(await screen.findByText('10 contacts')).toBeTruthy();
    const sent = bodiesTo(calls, 'POST', PREVIEW);
    expect(sent.at(-1)).toEqual({
      rule: {
        op: 'and',
        children: [
          { field: 'platform', operator: 'is', value: 'instagram' },
          {
            op: 'not',
            children: [
              {
                op: 'or',
                children: [
                  { field: 'interactionCount', operator: 'gte', value: 5 },
                  { field: 'tags', operator: 'hasAny', value: ['vip'] },
                ],
              },
            ],
          },
        ],
      },
    });
    // Every tree sent was one the server takes.
    for (const body of sent) {
      expect(segmentTreeSchema.safeParse((body as { rule: unknown }).rule).success).toBe(true);
    }
    const sample = screen.getByRole('list', { name: 'Sample of matching contacts' });
    expect(within(sample).getByRole('link', { name: 'Ann Lee' })).toBeTruthy();
  });

  it('keeps a value that is not valid from the server, and says what it needs', async () => {
    const { calls } = previewApi();
    renderAudience('/dashboard/audience/segments/new');
    await screen.findByText('40 contacts');
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    pick('Rule 1 field', 'lastInteraction');
    pick('Rule 1 operator', 'after');
    expect(await screen.findByText('Pick a date')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Segment name' }), {
      target: { value: 'Recent' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    expect(await screen.findByText('One rule needs a value')).toBeTruthy();
    expect(bodiesTo(calls, 'POST', '/api/audience/segments')).toEqual([]);
    expect(
      bodiesTo(calls, 'POST', PREVIEW).every(
        (b) => !JSON.stringify(b).includes('"operator":"after"'),
      ),
    ).toBe(true);

    fireEvent.change(screen.getByLabelText('Rule 1 value'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(bodiesTo(calls, 'POST', PREVIEW).at(-1)).toEqual({
        rule: {
          op: 'and',
          children: [{ field: 'lastInteraction', operator: 'after', value: '2026-11-01' }],
        },
      }),
    );
  });

  it('offers no group deeper than the limit', async () => {
    previewApi();
    renderAudience('/dashboard/audience/segments/new');
    await screen.findByText('40 contacts');
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add group to group 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add group to group 1.2' }));
    const deepest = screen.getByRole('button', { name: 'Add group to group 1.2.2' });
    expect((deepest as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'Group 1.2.2: NOT' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Add rule to group 1.2.2' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('asks for a name, then saves and opens the segment’s page', async () => {
    const { calls } = previewApi({
      'POST /api/audience/segments': ({ body }) => ok(segment({ ...(body as object), count: 30 })),
      [`GET /api/audience/segments/${SEGMENT_ID}`]: ok(segment()),
    });
    renderAudience('/dashboard/audience/segments/new');
    await screen.findByText('40 contacts');
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    expect(await screen.findByText('Name the segment')).toBeTruthy();
    expect(bodiesTo(calls, 'POST', '/api/audience/segments')).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Segment name' }), {
      target: { value: ' Facebook people ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    await waitFor(() => expect(location()).toBe(`/dashboard/audience/segments/${SEGMENT_ID}`));
    expect(bodiesTo(calls, 'POST', '/api/audience/segments')).toEqual([
      {
        name: 'Facebook people',
        rule: { op: 'and', children: [{ field: 'platform', operator: 'is', value: 'facebook' }] },
      },
    ]);
  });

  it('edits and deletes a saved segment', async () => {
    const segmentUrl = `/api/audience/segments/${SEGMENT_ID}`;
    const { calls } = previewApi({
      [`GET ${segmentUrl}`]: ok(
        segment({
          rule: {
            op: 'not',
            children: [{ field: 'sentiment', operator: 'gte', value: 0.5 }],
          },
        }),
      ),
      [`PATCH ${segmentUrl}`]: ({ body }) => ok(segment(body as object)),
      [`DELETE ${segmentUrl}`]: ok({ deleted: true }),
    });
    renderAudience(`/dashboard/audience/segments/${SEGMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Happy regulars' })).toBeTruthy();
    expect(screen.getByText('12 contacts match now.')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Top group: NOT' }) as HTMLInputElement).checked,
    ).toBe(true);
    const slider = screen.getByRole('slider', { name: 'Rule 1 value' });
    expect((slider as HTMLInputElement).value).toBe('0.5');
    fireEvent.change(slider, { target: { value: '-0.3' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Segment name' }), {
      target: { value: 'Not so happy' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    await waitFor(() =>
      expect(bodiesTo(calls, 'PATCH', segmentUrl)).toEqual([
        {
          name: 'Not so happy',
          rule: {
            op: 'not',
            children: [
              { op: 'and', children: [{ field: 'sentiment', operator: 'gte', value: -0.3 }] },
            ],
          },
        },
      ]),
    );
    expect(screen.getByRole('link', { name: 'Show contacts' }).getAttribute('href')).toBe(
      `/dashboard/audience?segment=${SEGMENT_ID}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete segment' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete segment' }));
    await waitFor(() => expect(location()).toBe('/dashboard/audience?tab=segments'));
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === segmentUrl)).toHaveLength(1);
  });

  it('cancels a count still under way when the tree changes, and never shows its answer', async () => {
    let releaseFirst: (value: ReturnType<typeof ok>) => void = () => undefined;
    let asked = 0;
    const { fetchMock } = audienceApi({
      [`POST ${PREVIEW}`]: () => {
        asked += 1;
        if (asked === 1) return new Promise((resolve) => (releaseFirst = resolve));
        return ok({ count: 30, sample: [] });
      },
    });
    renderAudience('/dashboard/audience/segments/new');
    await waitFor(() => expect(asked).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('30 contacts')).toBeTruthy();
    const previewCalls = fetchMock.mock.calls.filter(([u]) => String(u) === PREVIEW);
    expect((previewCalls[0]![1] as RequestInit).signal!.aborted).toBe(true);
    releaseFirst(ok({ count: 99, sample: [] }));
    const first = fetchMock.mock.results.find((_, i) => fetchMock.mock.calls[i]![0] === PREVIEW);
    await act(async () => {
      await first!.value;
    });
    expect(screen.getByText('30 contacts')).toBeTruthy();
    expect(screen.queryByText('99 contacts')).toBeNull();
  });
});
