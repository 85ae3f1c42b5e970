import { describe, expect, it } from 'vitest';
import { describePlan, trialDaysLeft } from './subscription.ts';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('trialDaysLeft', () => {
  it('rounds up partial days and never goes below zero', () => {
    expect(trialDaysLeft({ plan: 'trial', trial_ends_at: '2025-03-15T12:00:00Z' }, now)).toBe(14);
    expect(trialDaysLeft({ plan: 'trial', trial_ends_at: '2025-03-01T18:00:00Z' }, now)).toBe(1);
    expect(trialDaysLeft({ plan: 'trial', trial_ends_at: '2025-02-20T00:00:00Z' }, now)).toBe(0);
  });

  it('is null outside a trial', () => {
    expect(trialDaysLeft({ plan: 'premium', trial_ends_at: null }, now)).toBeNull();
  });
});

describe('describePlan', () => {
  it('names the plan or the trial days left', () => {
    expect(describePlan({ plan: 'free', trial_ends_at: null, status: 'active' }, now)).toBe(
      'Free plan',
    );
    expect(
      describePlan({ plan: 'trial', trial_ends_at: '2025-03-02T12:00:00Z', status: 'active' }, now),
    ).toBe('Trial: 1 day left');
    expect(describePlan({ plan: 'trial', trial_ends_at: null, status: 'inactive' }, now)).toBe(
      'Trial (inactive)',
    );
  });
});
