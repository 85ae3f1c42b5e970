import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { crmRoutes } from '#shared/contracts/crm.contract.ts';
import { fail, ok } from '../../../test/mock-api.ts';
import { crmPaths } from '../api/use-crm-queries.ts';
import {
  ANN_ID,
  audienceApi,
  BEN_ID,
  bodiesTo,
  contact,
  renderAudience,
} from '../pages/audience.test-helpers.tsx';
import { actor, board, card } from './crm.test-helpers.ts';

// The CRM board on the audience page's Board tab: columns with counts and cards, a move by "Move
// to" (the keyboard's and phone's way) and by drag and drop that shows at once and goes back when
// the server refuses, and the upgrade prompt without the add-on.

const stageUrl = (id: string) => `/api/audience/contacts/${id}/stage`;
const column = (name: string) => screen.getByRole('region', { name });
const cardsIn = (name: string) =>
  within(column(name))
    .queryAllByTestId('board-card')
    .map((el) => el.getAttribute('aria-label'));

/** "Move to…" from the keyboard: the card's menu opened with Enter, a stage picked. */
async function moveWithMenu(name: string, stage: string) {
  const trigger = await screen.findByRole('button', { name: `Move ${name} to…` });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const menu = await screen.findByRole('menu');
  const stages = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  fireEvent.click(within(menu).getByRole('menuitem', { name: stage }));
  return stages;
}

const ann = card();
const ben = card({ id: BEN_ID, name: 'Ben Cruz', handle: null, stage: 'lead', owner: null });

function boardApi(handlers: Parameters<typeof audienceApi>[0] = {}) {
  return audienceApi({
    'GET /api/staff/me': actor(),
    'GET /api/audience/board': ok(board([ann, ben])),
    ...handlers,
  });
}

describe('the CRM board', () => {
  it('copies the contract’s paths', () => {
    expect(crmPaths).toEqual(crmRoutes);
  });

  it('shows a column per stage with its count and cards', async () => {
    boardApi({
      'GET /api/audience/board': ok(
        board([ann, { ...ben, owner: { id: BEN_ID, name: 'Sam Staff' } }]),
      ),
    });
    renderAudience('/dashboard/audience?tab=board', { addons: ['crm'] });
    await screen.findAllByTestId('board-card');
    expect(
      ['New', 'Lead', 'Customer', 'Regular', 'Lost'].map(
        (name) => within(column(name)).getByText(/^\d+$/).textContent,
      ),
    ).toEqual(['1', '1', '0', '0', '0']);
    const annCard = within(column('New')).getByTestId('board-card');
    expect(annCard.textContent).toContain('@annlee');
    expect(annCard.textContent).toContain('No owner');
    expect(within(column('Lead')).getByTestId('board-card').textContent).toContain('Sam Staff');
    expect(within(annCard).getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe(
      `/dashboard/audience/contacts/${ANN_ID}`,
    );
  });

  it('moves a card with its "Move to…" menu from the keyboard, showing it at once', async () => {
    let answer: (value: unknown) => void = () => {};
    const { calls } = boardApi({
      [`POST ${stageUrl(ANN_ID)}`]: () =>
        new Promise((resolve) => {
          answer = () => resolve(ok(contact({ stage: 'customer' })));
        }),
    });
    renderAudience('/dashboard/audience?tab=board', { addons: ['crm'] });
    // Every stage but the one the contact is in.
    expect(await moveWithMenu('Ann Lee', 'Customer')).toEqual([
      'Lead',
      'Customer',
      'Regular',
      'Lost',
    ]);
    // Before the server answers, the card is in its new column and the counts follow.
    await waitFor(() => expect(cardsIn('Customer')).toEqual(['Ann Lee']));
    expect(cardsIn('New')).toEqual([]);
    expect(within(column('Customer')).getByText('1')).toBeTruthy();
    expect(bodiesTo(calls, 'POST', stageUrl(ANN_ID))).toEqual([{ stage: 'customer' }]);
    answer(null);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/audience/board').length).toBeGreaterThan(1),
    );
  });

  it('puts the card back when the server refuses the move', async () => {
    const { calls } = boardApi({
      [`POST ${stageUrl(BEN_ID)}`]: fail(
        403,
        'FEATURE_NOT_AVAILABLE',
        'This feature is currently not available.',
      ),
    });
    renderAudience('/dashboard/audience?tab=board', { addons: ['crm'] });
    await moveWithMenu('Ben Cruz', 'Lost');
    await waitFor(() => expect(bodiesTo(calls, 'POST', stageUrl(BEN_ID))).toHaveLength(1));
    await waitFor(() => expect(cardsIn('Lead')).toEqual(['Ben Cruz']));
    expect(cardsIn('Lost')).toEqual([]);
  });

  it('moves a card dropped on another column', async () => {
    const { calls } = boardApi({
      // The server has not answered yet: the card shows in its new column meanwhile.
      [`POST ${stageUrl(ANN_ID)}`]: () => new Promise(() => {}),
    });
    renderAudience('/dashboard/audience?tab=board', { addons: ['crm'] });
    const [annCard] = await screen.findAllByTestId('board-card');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(annCard!, { dataTransfer });
    fireEvent.dragOver(column('Regular'), { dataTransfer });
    fireEvent.drop(column('Regular'), { dataTransfer });
    await waitFor(() =>
      expect(bodiesTo(calls, 'POST', stageUrl(ANN_ID))).toEqual([{ stage: 'regular' }]),
    );
    expect(cardsIn('Regular')).toEqual(['Ann Lee']);
    expect(cardsIn('New')).toEqual([]);
  });

  it('offers the CRM add-on instead of the board without it', async () => {
    const { calls } = boardApi();
    renderAudience('/dashboard/audience?tab=board');
    const panel = await screen.findByRole('tabpanel', { name: 'Board' });
    expect(within(panel).getByText('The board comes with the CRM add-on')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Add CRM' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    );
    expect(calls.some((c) => c.path === '/api/audience/board')).toBe(false);
  });
});
