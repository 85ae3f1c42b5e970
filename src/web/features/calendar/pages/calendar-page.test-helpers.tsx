import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, businessProfile, subscription } from '../../../test/auth-state.ts';
import { AuthContext } from '../../auth/index.ts';
import CalendarPage from './calendar-page.tsx';
import { preloadComposer } from '../../posts/index.ts';

// The composer is its own chunk, fetched once the calendar is on screen; loaded here with the test
// file, so that fetch never outlives a short test.
await preloadComposer();

/**
 * The calendar page at `path`, for a business on the trial plan in `timeZone`, with `extra`
 * rendered beside it inside the router (a Toaster, a probe of the address).
 */
export function renderCalendarPage(
  path: string,
  { timeZone = 'UTC', extra }: { timeZone?: string; extra?: ReactNode } = {},
) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider
        value={authValue({
          businessProfile: businessProfile({ time_zone: timeZone }),
          subscription: subscription({ plan: 'trial' }),
        })}
      >
        <MemoryRouter initialEntries={[path]}>
          <CalendarPage />
          {extra}
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
