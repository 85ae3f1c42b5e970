import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppError } from '#shared/errors/index.ts';
import { errorDetailsOf, ERROR_DETAILS_FALLBACK, RouteErrorBoundary } from './route-error.tsx';

describe('route error panel', () => {
  it('falls back to "An unexpected error occurred" when an error has no message', () => {
    expect(errorDetailsOf(undefined)).toBe(ERROR_DETAILS_FALLBACK);
    expect(errorDetailsOf(new Error(''))).toBe('An unexpected error occurred');
    expect(errorDetailsOf(AppError.from('FORBIDDEN'))).toBe(
      "You don't have permission to perform this action.",
    );
  });

  it('shows the panel and "Try Again" renders the route afresh', async () => {
    // React and React Router print the caught render error; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('Chart data was malformed');
      return <p>Recovered</p>;
    }
    const router = createMemoryRouter([
      { path: '/', Component: Flaky, ErrorBoundary: () => <RouteErrorBoundary /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('An error occurred while loading this section.')).toBeTruthy();
    expect(screen.getByText('Chart data was malformed')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Recovered')).toBeTruthy();
  });
});
