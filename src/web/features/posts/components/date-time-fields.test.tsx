import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DateTimeFields } from './date-time-fields.tsx';

const LONDON = 'Europe/London';

describe('DateTimeFields', () => {
  it('labels the time with the zone on that date and names the zone', () => {
    render(
      <DateTimeFields
        values={{ date: '2026-07-01', time: '09:00' }}
        timeZone={LONDON}
        onChange={() => {}}
      />,
    );
    expect(screen.getByLabelText('Time (BST)')).toBeTruthy();
    expect(screen.getByText('In Europe/London')).toBeTruthy();
  });

  it('warns when the time does not exist that night, and says what it becomes', () => {
    render(
      <DateTimeFields
        values={{ date: '2026-03-29', time: '01:30' }}
        timeZone={LONDON}
        onChange={() => {}}
      />,
    );
    expect(
      screen.getByText(
        'The clocks go forward that night: 01:30 does not exist, so it will be 02:30.',
      ),
    ).toBeTruthy();
  });

  it('reports each field as it changes, shows the date error, and can be read-only', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <DateTimeFields
        values={{ date: '2026-07-01', time: '09:00' }}
        timeZone={LONDON}
        dateError="Choose a time in the future"
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-07-02' } });
    fireEvent.change(screen.getByLabelText('Time (BST)'), { target: { value: '10:15' } });
    expect(onChange.mock.calls).toEqual([[{ date: '2026-07-02' }], [{ time: '10:15' }]]);
    expect(screen.getByText('Choose a time in the future')).toBeTruthy();
    rerender(
      <DateTimeFields
        values={{ date: '2026-07-01', time: '09:00' }}
        timeZone={LONDON}
        disabled
        onChange={onChange}
      />,
    );
    expect((screen.getByLabelText('Date') as HTMLInputElement).disabled).toBe(true);
  });
});
