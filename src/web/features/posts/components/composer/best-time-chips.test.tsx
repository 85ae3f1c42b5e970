import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { BestTimes } from '#shared/contracts/ai-content.contract.ts';
import { createQueryClient } from '../../../../app/query-client.ts';
import { authValue } from '../../../../test/auth-state.ts';
import { fail, mockApi, ok } from '../../../../test/mock-api.ts';
import { AuthContext } from '../../../auth/index.ts';
import { BestTimeChips } from './best-time-chips.tsx';

// The composer's best-time suggestions (docs/decisions/092): at most three per platform, the
// server's note as their source, and a click fills the date and time in the business's zone.

const LISBON = 'Europe/Lisbon';
const best = (overrides: Partial<BestTimes> = {}): BestTimes => ({
  source: 'analytics',
  time_zone: LISBON,
  note: 'From your analytics: when your posts got the most engagement.',
  slots: [
    { day: 2, time: '18:00', next_at: '2026-07-07T17:00:00.000Z' },
    { day: 4, time: '09:00', next_at: '2026-07-09T08:00:00.000Z' },
    { day: 6, time: '11:00', next_at: '2026-07-11T10:00:00.000Z' },
    { day: 0, time: '12:00', next_at: '2026-07-12T11:00:00.000Z' },
  ],
  ...overrides,
});

function renderChips(platforms: ('instagram' | 'facebook')[], onPick = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue()}>
        <BestTimeChips
          platforms={platforms}
          values={{ date: '2026-07-09', time: '09:00' }}
          timeZone={LISBON}
          disabled={false}
          onPick={onPick}
        />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return onPick;
}

describe('BestTimeChips', () => {
  it('suggests three times with their source, and fills the date and time on a click', async () => {
    const { fetchMock } = mockApi({ 'GET /api/analytics/best-slots': ok(best()) });
    const onPick = renderChips(['instagram']);
    const group = await screen.findByRole('group', { name: 'Best times' });
    const chips = within(group).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Tue 18:00', 'Thu 09:00', 'Sat 11:00']);
    expect(chips[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByText(/From your analytics/)).toBeTruthy();
    fireEvent.click(chips[0]!);
    expect(onPick).toHaveBeenCalledWith({ date: '2026-07-07', time: '18:00' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/analytics/best-slots?platform=instagram',
    );
  });

  it('asks for each platform of the post, and shows nothing when the times cannot be read', async () => {
    const { fetchMock } = mockApi({
      'GET /api/analytics/best-slots': fail(404, 'NOT_FOUND', 'Not found'),
    });
    renderChips(['instagram', 'facebook']);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toEqual([
      '/api/analytics/best-slots?platform=instagram',
      '/api/analytics/best-slots?platform=facebook',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('group')).toBeNull();
  });
});
