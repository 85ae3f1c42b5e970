import { ListPlus, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { newGroup, newRule, type DraftGroup, type DraftNode } from '../lib/tree.ts';
import { RuleEditor } from './rule-editor.tsx';

// A group of the segment builder: AND / OR of its rules and groups, optionally wrapped in NOT,
// with "Add rule" and "Add group". A change that would break AUDIENCE_LIMITS is offered disabled
// (`allows` says which would fit).

export interface GroupActions {
  change(key: string, node: DraftNode | null): void;
  /** Whether the draft with this change would stay within the limits. */
  allows(key: string, node: DraftNode): boolean;
}

export function GroupEditor({
  group,
  position,
  actions,
  onRemove,
}: {
  group: DraftGroup;
  /** "Top group", "Group 1.2": names its controls. */
  position: string;
  actions: GroupActions;
  onRemove?: () => void;
}) {
  const withRule = { ...group, children: [...group.children, newRule()] };
  const withGroup = { ...group, children: [...group.children, newGroup('or', [newRule()])] };
  const negated = { ...group, negated: !group.negated };
  const mode = group.op === 'and' ? 'all' : 'any';

  return (
    <section
      aria-label={position}
      className={cn(
        'grid gap-2 rounded-xl border p-3',
        group.negated ? 'border-destructive/50 bg-destructive/5' : 'border-border bg-muted/30',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label className="inline-flex items-center gap-1.5">
          <input
            type="checkbox"
            aria-label={`${position}: NOT`}
            checked={group.negated}
            disabled={!actions.allows(group.key, negated)}
            onChange={() => actions.change(group.key, negated)}
          />
          NOT
        </label>
        <span>Match</span>
        <div
          role="group"
          aria-label={`${position} match`}
          className="flex gap-1 rounded-lg bg-muted p-1"
        >
          {(['and', 'or'] as const).map((op) => (
            <button
              key={op}
              type="button"
              aria-pressed={group.op === op}
              onClick={() => actions.change(group.key, { ...group, op })}
              className={cn(
                'h-7 rounded-md px-2.5 font-medium',
                group.op === op
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {op === 'and' ? 'AND' : 'OR'}
            </button>
          ))}
        </div>
        <span className="text-muted-foreground">
          {group.negated ? `none of these together (${mode})` : `${mode} of these`}
        </span>
        {onRemove ? (
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
        ) : null}
      </div>
      {group.children.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {group.op === 'and'
            ? 'No rules yet: every contact matches.'
            : 'No rules yet: no contact matches.'}
        </p>
      ) : (
        <ul className="grid gap-2">
          {group.children.map((child, i) => {
            const name = `${position === 'Top group' ? '' : `${position.replace(/^Group /, '')}.`}${i + 1}`;
            return child.kind === 'rule' ? (
              <RuleEditor
                key={child.key}
                rule={child}
                position={`Rule ${name}`}
                onChange={(rule) => actions.change(child.key, rule)}
                onRemove={() => actions.change(child.key, null)}
              />
            ) : (
              <li key={child.key} className="list-none">
                <GroupEditor
                  group={child}
                  position={`Group ${name}`}
                  actions={actions}
                  onRemove={() => actions.change(child.key, null)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!actions.allows(group.key, withRule)}
          onClick={() => actions.change(group.key, withRule)}
          aria-label={
            position === 'Top group' ? 'Add rule' : `Add rule to ${position.toLowerCase()}`
          }
        >
          <Plus aria-hidden className="size-4" />
          Add rule
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!actions.allows(group.key, withGroup)}
          onClick={() => actions.change(group.key, withGroup)}
          aria-label={
            position === 'Top group' ? 'Add group' : `Add group to ${position.toLowerCase()}`
          }
        >
          <ListPlus aria-hidden className="size-4" />
          Add group
        </Button>
      </div>
    </section>
  );
}
