import { Sparkles } from 'lucide-react';

// Ways to begin when a session is empty; each fills the message box (the ones ending in "…"
// are for the person to finish).

export const STARTERS = [
  'Draft 3 posts for next week',
  'Plan a two-week campaign for…',
  'Find photos of…',
  'When should I post?',
] as const;

export function StarterSuggestions({ onPick }: { onPick(text: string): void }) {
  return (
    <section aria-label="Suggestions" className="grid gap-3 py-6 text-center">
      <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Sparkles aria-hidden className="size-4" /> Try one of these, or write your own.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {STARTERS.map((text) => (
          <li key={text}>
            <button
              type="button"
              onClick={() => onPick(text.replace(/…$/, ' '))}
              className="w-full rounded-lg border border-border bg-card px-3 py-2.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
