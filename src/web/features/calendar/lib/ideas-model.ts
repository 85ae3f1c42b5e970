import type { IdeaPost, PostCover } from '#shared/contracts/planning.contract.ts';
import type { UnusedVariant } from '../../ai-content/index.ts';

// The ideas tray of the calendar (docs/decisions/078) as plain functions: the drafts without a
// date and the AI content variants not used yet, as one list, and what a drag carries.

/** What is dragged from the tray onto a day (a drop of a post already on the calendar is not). */
export const IDEA_DRAG_TYPE = 'application/x-soci-gen-idea';

export type Idea =
  | {
      kind: 'draft';
      key: string;
      id: string;
      title: string;
      text: string;
      aiGenerated: boolean;
      accountCount: number;
      mediaCount: number;
      cover: PostCover | null;
    }
  | {
      kind: 'variant';
      key: string;
      title: string;
      text: string;
      variant: UnusedVariant;
    };

/** A title from a caption: its first line, cut at a word within 80 characters. */
export function titleFromCaption(caption: string): string {
  const line = (caption.split('\n').find((l) => l.trim() !== '') ?? caption).trim();
  if (line.length <= 80) return line;
  const cut = line.slice(0, 79);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The drafts first (most recently changed first), then the variants (newest first). */
export function ideasOf(drafts: readonly IdeaPost[], variants: readonly UnusedVariant[]): Idea[] {
  return [
    ...drafts.map((d): Idea => ({
      kind: 'draft',
      key: `draft:${d.id}`,
      id: d.id,
      title: d.title,
      text: d.content ?? '',
      aiGenerated: d.type === 'ai_generated',
      accountCount: d.account_count,
      mediaCount: d.media_count,
      cover: d.cover,
    })),
    ...variants.map((v): Idea => ({
      kind: 'variant',
      key: `variant:${v.generationId}:${v.index}`,
      title: titleFromCaption(v.caption),
      text: v.caption,
      variant: v,
    })),
  ];
}

export function findIdea(ideas: readonly Idea[], key: string): Idea | null {
  return ideas.find((i) => i.key === key) ?? null;
}
