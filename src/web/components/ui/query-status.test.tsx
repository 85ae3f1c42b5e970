import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryContent } from './query-status.tsx';

function query<T>(state: Partial<Parameters<typeof QueryContent<T>>[0]['query']>) {
  return {
    data: undefined,
    error: null,
    isError: false,
    isFetching: false,
    refetch: vi.fn(),
    ...state,
  };
}

const loading = { label: 'Loading things', rows: 2, rowClassName: 'h-4' };

describe('QueryContent', () => {
  it('shows placeholder rows while loading, then the content', () => {
    const { rerender } = render(
      <QueryContent query={query<string[]>({})} loading={loading} errorTitle="Failed">
        {(items) => <p>{items.join(', ')}</p>}
      </QueryContent>,
    );
    expect(screen.getByLabelText('Loading things').getAttribute('aria-busy')).toBe('true');
    rerender(
      <QueryContent query={query({ data: ['a', 'b'] })} loading={loading} errorTitle="Failed">
        {(items) => <p>{items.join(', ')}</p>}
      </QueryContent>,
    );
    expect(screen.getByText('a, b')).toBeTruthy();
  });

  it('shows the error with Try again, which asks again', () => {
    const refetch = vi.fn();
    render(
      <QueryContent
        query={query<string[]>({ isError: true, error: new Error('x'), refetch })}
        loading={loading}
        errorTitle="Things could not be loaded"
      >
        {() => <p>content</p>}
      </QueryContent>,
    );
    expect(screen.getByText('Things could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('content')).toBeNull();
  });

  it('shows `empty` for an empty list, or when isEmpty says so, and the content otherwise', () => {
    const { rerender } = render(
      <QueryContent
        query={query({ data: [] as string[] })}
        loading={loading}
        errorTitle="Failed"
        empty={<p>Nothing yet</p>}
      >
        {() => <p>content</p>}
      </QueryContent>,
    );
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByText('content')).toBeNull();
    rerender(
      <QueryContent
        query={query({ data: { items: [] as string[], total: 0 } })}
        loading={loading}
        errorTitle="Failed"
        isEmpty={(page) => page.items.length === 0}
        empty={<p>Nothing yet</p>}
      >
        {() => <p>content</p>}
      </QueryContent>,
    );
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    // Without `empty`, an empty list is the content's to show.
    rerender(
      <QueryContent query={query({ data: [] as string[] })} loading={loading} errorTitle="Failed">
        {() => <p>content</p>}
      </QueryContent>,
    );
    expect(screen.getByText('content')).toBeTruthy();
  });
});
