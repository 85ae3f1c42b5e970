import { useLayoutEffect, useRef } from 'react';
import { Braces } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { inputClasses } from '../../../../components/ui/input.tsx';
import { cn } from '../../../../lib/cn.ts';
import { insertAt, MERGE_FIELD_BUTTONS } from '../lib/merge-fields.ts';
import { EMAIL_LIMITS } from '../lib/rules.ts';

// The body of an e-mail as the person writes it (plain text: blank lines make paragraphs, links
// and **bold** are kept — the server renders it), with a row of buttons that put a merge field
// where the cursor is.

export function BodyField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const cursor = useRef<number | null>(null);

  // After an inserted field is on screen, the cursor goes right after it.
  useLayoutEffect(() => {
    const at = cursor.current;
    if (at === null || !area.current) return;
    cursor.current = null;
    area.current.focus();
    area.current.setSelectionRange(at, at);
  }, [value]);

  function insert(token: string) {
    const el = area.current;
    const start = el ? el.selectionStart : value.length;
    const end = el ? el.selectionEnd : value.length;
    const next = insertAt(value, token, start, end);
    cursor.current = next.cursor;
    onChange(next.text);
  }

  return (
    <FormField
      label="Body"
      error={error}
      hint="Leave a blank line between paragraphs. Links and **bold** are kept; the footer with the unsubscribe link is added for you."
      below={
        <div
          role="group"
          aria-label="Insert merge field"
          className="flex flex-wrap items-center gap-1.5"
        >
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Braces aria-hidden className="size-3.5" />
            Insert:
          </span>
          {MERGE_FIELD_BUTTONS.map((b) => (
            <Button
              key={b.field}
              type="button"
              size="sm"
              variant="outline"
              disabled={disabled}
              title={b.token}
              aria-label={`Insert ${b.label.toLowerCase()} (${b.token})`}
              onClick={() => insert(b.token)}
            >
              {b.label}
            </Button>
          ))}
        </div>
      }
    >
      <textarea
        ref={area}
        value={value}
        rows={14}
        maxLength={EMAIL_LIMITS.bodyLength}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClasses, 'h-auto min-h-64 resize-y font-mono text-sm leading-relaxed')}
      />
    </FormField>
  );
}
