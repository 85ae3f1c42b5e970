import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { fixLink, problemsOfRefusal, stepForProblem } from './steps.ts';

describe('where a problem is fixed', () => {
  it('sends a post’s media to the media step, the rest of a post to the plan', () => {
    expect(stepForProblem({ postKey: 'p1', field: 'posts.p1.mediaIds' })).toBe('media');
    expect(stepForProblem({ postKey: 'p1', field: 'posts.p1.media.count' })).toBe('media');
    expect(stepForProblem({ postKey: 'p1', field: 'posts.p1.caption' })).toBe('plan');
    expect(stepForProblem({ postKey: null, field: 'posts' })).toBe('plan');
  });

  it('sends the brief’s fields to the first step and the rest to the schedule', () => {
    expect(stepForProblem({ postKey: null, field: 'goal' })).toBe('brief');
    expect(stepForProblem({ postKey: null, field: 'connectionIds' })).toBe('schedule');
    expect(fixLink('c1', { postKey: 'p 2', field: 'posts.p 2.caption' })).toBe(
      '/dashboard/campaigns/c1?step=plan&post=p+2',
    );
  });

  it('reads a refusal’s field messages as problems', () => {
    const error = AppError.from('VALIDATION_ERROR', {
      details: { fieldErrors: { 'posts.p3.mediaIds': 'Choose the image', startsOn: 'Too soon' } },
    });
    expect(problemsOfRefusal(error).map((p) => [p.postKey, p.field, p.message])).toEqual([
      ['p3', 'posts.p3.mediaIds', 'Choose the image'],
      [null, 'startsOn', 'Too soon'],
    ]);
  });
});
