import { describe, expect, it } from 'vitest';
import type { IdeaPost } from '#shared/contracts/planning.contract.ts';
import type { UnusedVariant } from '../../ai-content/index.ts';
import { findIdea, ideasOf, titleFromCaption } from './ideas-model.ts';

const USER = '00000000-0000-4000-8000-00000000000a';

function draft(n: number, extra: Partial<IdeaPost> = {}): IdeaPost {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    user_id: USER,
    title: `Draft ${n}`,
    content: `Text ${n}`,
    platforms: [],
    type: 'post',
    status: 'draft',
    scheduled_for: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    account_count: 0,
    media_count: 0,
    cover: null,
    ...extra,
  };
}

const variant = (index: number, caption: string): UnusedVariant => ({
  generationId: '00000000-0000-4000-8000-0000000000f1',
  index,
  caption,
  hashtags: ['#bread'],
  platform: 'instagram',
  format: 'post',
  prompt: 'bread',
  createdAt: '2026-03-01T10:00:00.000Z',
});

describe('the ideas tray’s list', () => {
  it('lists the drafts as the server orders them, then the AI variants, each with a key a drag carries', () => {
    const ideas = ideasOf(
      [draft(2, { type: 'ai_generated', account_count: 1 }), draft(1)],
      [variant(0, 'Fresh loaves\nall day'), variant(1, 'Rolls')],
    );
    expect(ideas.map((i) => [i.kind, i.title])).toEqual([
      ['draft', 'Draft 2'],
      ['draft', 'Draft 1'],
      ['variant', 'Fresh loaves'],
      ['variant', 'Rolls'],
    ]);
    expect(ideas[0]).toMatchObject({ aiGenerated: true, accountCount: 1 });
    expect(findIdea(ideas, ideas[3]!.key)).toBe(ideas[3]);
    expect(findIdea(ideas, 'draft:gone')).toBeNull();
  });

  it('titles a variant by its first line, cut at a word', () => {
    expect(titleFromCaption('\n\nHello there\nmore')).toBe('Hello there');
    const long = `${'word '.repeat(30)}end`;
    const title = titleFromCaption(long);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith('word…')).toBe(true);
  });
});
