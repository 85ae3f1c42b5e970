import { useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { AUDIENCE_LIMITS } from '#shared/contracts/audience.contract.ts';
import { Input } from '../../../components/ui/input.tsx';

/** Tags as chips: Enter or a comma adds the typed tag, each chip's × removes it. */
export function TagsInput({
  label,
  value,
  onChange,
  id,
}: {
  label: string;
  value: readonly string[];
  onChange(tags: string[]): void;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const full = value.length >= AUDIENCE_LIMITS.tags;

  function add() {
    const tag = typed.trim().slice(0, AUDIENCE_LIMITS.tagLength);
    setTyped('');
    if (tag && !value.includes(tag) && !full) onChange([...value, tag]);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && typed === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ul aria-label={`${label}, chosen`} className="contents">
        {value.map((tag) => (
          <li
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs"
          >
            {tag}
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(value.filter((t) => t !== tag))}
              className="rounded-full p-0.5 hover:bg-muted"
            >
              <X aria-hidden className="size-3" />
            </button>
          </li>
        ))}
      </ul>
      <Input
        id={id}
        aria-label={label}
        placeholder={full ? `At most ${AUDIENCE_LIMITS.tags} tags` : 'Type a tag, then Enter'}
        disabled={full}
        value={typed}
        maxLength={AUDIENCE_LIMITS.tagLength}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        className="h-8 min-w-32 flex-1"
      />
    </div>
  );
}
