import { Trash2 } from 'lucide-react';
import { SEGMENT_FIELDS, type SegmentField } from '#shared/contracts/audience.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { defaultValue, FIELD_LABELS, FIELD_OPERATORS, valueHint } from '../lib/fields.ts';
import { ruleIsValid, type DraftRule } from '../lib/tree.ts';
import { ValueInput } from './value-input.tsx';

/** One rule: a field, an operator that field allows, and a value of the right type. */
export function RuleEditor({
  rule,
  position,
  onChange,
  onRemove,
}: {
  rule: DraftRule;
  /** "Rule 2", which names its controls for assistive technology. */
  position: string;
  onChange(rule: DraftRule): void;
  onRemove(): void;
}) {
  const select = cn(inputClasses, 'sm:w-auto');
  const valid = ruleIsValid(rule);

  function pickField(field: SegmentField) {
    const operator = FIELD_OPERATORS[field][0]![0];
    onChange({ ...rule, field, operator, value: defaultValue(field, operator) });
  }

  function pickOperator(operator: string) {
    // Dates and "within N days" take different values; the others keep what was entered.
    const changesKind =
      rule.field === 'lastInteraction' &&
      (operator === 'withinDays') !== (rule.operator === 'withinDays');
    onChange({
      ...rule,
      operator,
      value: changesKind ? defaultValue(rule.field, operator) : rule.value,
    });
  }

  return (
    <li aria-label={position} className="grid gap-1 rounded-lg border border-border bg-card p-2">
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label={`${position} field`}
          value={rule.field}
          onChange={(e) => pickField(e.target.value as SegmentField)}
          className={select}
        >
          {SEGMENT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {FIELD_LABELS[field]}
            </option>
          ))}
        </select>
        {FIELD_OPERATORS[rule.field].length > 1 ? (
          <select
            aria-label={`${position} operator`}
            value={rule.operator}
            onChange={(e) => pickOperator(e.target.value)}
            className={select}
          >
            {FIELD_OPERATORS[rule.field].map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        ) : (
          <span className="text-sm text-muted-foreground">is</span>
        )}
        <ValueInput
          rule={rule}
          label={`${position} value`}
          onChange={(value) => onChange({ ...rule, value })}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ${position.toLowerCase()}`}
          onClick={onRemove}
          className="ml-auto size-8"
        >
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
      {valid ? null : (
        <p role="status" className="text-xs text-destructive">
          {valueHint(rule.field, rule.operator)}
        </p>
      )}
    </li>
  );
}
