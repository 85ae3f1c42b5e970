import { CalendarPlus, GripVertical, Lightbulb, Sparkles } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { IDEA_DRAG_TYPE, type Idea } from '../../lib/ideas-model.ts';
import { PostThumb } from '../post-thumb.tsx';

// One idea of the tray (docs/decisions/078): a draft without a date or an AI content variant not
// used yet. Dragged onto a day it opens in the composer there; "Plan…" does the same by keyboard.

function meta(idea: Idea): string {
  if (idea.kind === 'variant') {
    const platform = idea.variant.platform === 'instagram' ? 'Instagram' : 'Facebook';
    return `AI idea · ${platform} ${idea.variant.format}`;
  }
  const kind = idea.aiGenerated ? 'AI draft' : 'Draft';
  if (idea.accountCount === 0) return `${kind} · no account yet`;
  return `${kind} · ${idea.accountCount} ${idea.accountCount === 1 ? 'account' : 'accounts'}`;
}

export function IdeaCard({
  idea,
  canPlan,
  busy,
  onPlan,
}: {
  idea: Idea;
  canPlan: boolean;
  busy: boolean;
  onPlan(idea: Idea): void;
}) {
  const cover = idea.kind === 'draft' ? idea.cover : null;
  const Icon = idea.kind === 'variant' || idea.aiGenerated ? Sparkles : Lightbulb;
  return (
    <li
      draggable={canPlan}
      onDragStart={(e) => {
        e.dataTransfer.setData(IDEA_DRAG_TYPE, idea.key);
        e.dataTransfer.setData('text/plain', idea.title);
        e.dataTransfer.effectAllowed = 'copy';
      }}
      data-idea={idea.key}
      className={cn(
        'group grid gap-2 rounded-lg border border-border bg-card p-2.5 shadow-xs transition-shadow',
        canPlan ? 'cursor-grab hover:shadow-sm active:cursor-grabbing' : '',
      )}
    >
      <div className="flex min-w-0 gap-2.5">
        {cover ? (
          <PostThumb cover={cover} className="size-11 rounded-md" />
        ) : (
          <span
            aria-hidden
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-md',
              idea.kind === 'variant'
                ? 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300'
                : 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
            )}
          >
            <Icon className="size-5" />
          </span>
        )}
        <div className="grid min-w-0 flex-1 content-start gap-0.5">
          <p className="line-clamp-2 text-sm leading-snug font-medium text-foreground">
            {idea.title}
          </p>
          <p className="line-clamp-2 text-xs text-muted-foreground">{meta(idea)}</p>
        </div>
        {canPlan ? (
          <GripVertical
            aria-hidden
            className="size-4 shrink-0 self-center text-muted-foreground/60 group-hover:text-muted-foreground"
          />
        ) : null}
      </div>
      {idea.text && idea.text !== idea.title ? (
        <p className="line-clamp-2 text-xs text-muted-foreground">{idea.text}</p>
      ) : null}
      {canPlan ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={busy}
          onClick={() => onPlan(idea)}
          aria-label={`Plan “${idea.title}”…`}
        >
          <CalendarPlus aria-hidden className="size-3.5" /> Plan…
        </Button>
      ) : null}
    </li>
  );
}
