import { CONTACT_STAGES } from '#shared/contracts/audience.contract.ts';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { STAGE_LABELS } from '../lib/fields.ts';
import type { DraftRule } from '../lib/tree.ts';
import { TagsInput } from './tags-input.tsx';

// A rule's value, with the input its field and operator take. Numbers that are not numbers stay
// as typed (a string), which the tree's check then refuses before anything is sent.

const toNumber = (raw: string): number | string => (raw.trim() === '' ? raw : Number(raw));

export function ValueInput({
  rule,
  label,
  onChange,
}: {
  rule: DraftRule;
  label: string;
  onChange(value: unknown): void;
}) {
  const select = cn(inputClasses, 'sm:w-auto');
  switch (rule.field) {
    case 'platform':
      return (
        <select
          aria-label={label}
          value={String(rule.value)}
          onChange={(e) => onChange(e.target.value)}
          className={select}
        >
          <option value="facebook">Facebook</option>
          <option value="instagram">Instagram</option>
        </select>
      );
    case 'lastInteraction':
      return rule.operator === 'withinDays' ? (
        <span className="inline-flex items-center gap-2">
          <Input
            type="number"
            aria-label={label}
            min={1}
            max={3650}
            step={1}
            value={String(rule.value)}
            onChange={(e) => onChange(toNumber(e.target.value))}
            className="sm:w-24"
          />
          <span className="text-sm text-muted-foreground">days</span>
        </span>
      ) : (
        <Input
          type="date"
          aria-label={label}
          value={String(rule.value)}
          onChange={(e) => onChange(e.target.value)}
          className="sm:w-44"
        />
      );
    case 'interactionCount':
      return (
        <Input
          type="number"
          aria-label={label}
          min={0}
          step={1}
          value={String(rule.value)}
          onChange={(e) => onChange(toNumber(e.target.value))}
          className="sm:w-24"
        />
      );
    case 'sentiment': {
      const value = typeof rule.value === 'number' ? rule.value : 0;
      return (
        <span className="inline-flex items-center gap-2">
          <input
            type="range"
            aria-label={label}
            min={-1}
            max={1}
            step={0.1}
            value={value}
            onChange={(e) => onChange(Number(e.target.value))}
            className="w-36 accent-primary"
          />
          <output className="w-10 text-sm tabular-nums">{value.toFixed(1)}</output>
        </span>
      );
    }
    case 'tags':
      return (
        <TagsInput
          label={label}
          value={Array.isArray(rule.value) ? (rule.value as string[]) : []}
          onChange={onChange}
        />
      );
    case 'location':
      return (
        <Input
          aria-label={label}
          maxLength={100}
          placeholder="A city or country"
          value={String(rule.value)}
          onChange={(e) => onChange(e.target.value)}
          className="sm:w-48"
        />
      );
    case 'stage': {
      const chosen = Array.isArray(rule.value) ? (rule.value as string[]) : [];
      return (
        <fieldset aria-label={label} className="flex flex-wrap gap-x-3 gap-y-1">
          {CONTACT_STAGES.map((stage) => (
            <label key={stage} className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(stage)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? CONTACT_STAGES.filter((s) => s === stage || chosen.includes(s))
                      : chosen.filter((s) => s !== stage),
                  )
                }
              />
              {STAGE_LABELS[stage]}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'hasEmail':
    case 'consent':
      return (
        <select
          aria-label={label}
          value={rule.value === false ? 'no' : 'yes'}
          onChange={(e) => onChange(e.target.value === 'yes')}
          className={select}
        >
          <option value="yes">yes</option>
          <option value="no">no</option>
        </select>
      );
  }
}
