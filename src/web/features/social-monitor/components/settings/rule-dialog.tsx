import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  moderationRuleInputSchema,
  type ModerationRule,
} from '#shared/contracts/inbox.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../../components/ui/input.tsx';
import { cn } from '../../../../lib/cn.ts';
import { applyServerErrors } from '../../../auth/index.ts';
import { useConnections } from '../../../platforms/index.ts';
import { useSaveRule } from '../../api/use-inbox-config.ts';
import { connectionLabel } from '../../lib/format.ts';

interface Values {
  connectionId: string;
  name: string;
  keywords: string;
  pattern: string;
  action: 'hide' | 'flag';
  enabled: boolean;
}

/** Create or edit a moderation rule: words or a pattern that hide or flag a new comment. */
export function RuleDialog({
  editing,
  onClose,
}: {
  editing: ModerationRule | 'new' | null;
  onClose(): void;
}) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {editing ? (
        <DialogContent className="sm:max-w-xl">
          <RuleForm rule={editing === 'new' ? null : editing} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RuleForm({ rule, onClose }: { rule: ModerationRule | null; onClose(): void }) {
  const connections = useConnections().data ?? [];
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: {
      connectionId: rule?.connectionId ?? connections[0]?.id ?? '',
      name: rule?.name ?? '',
      keywords: rule?.keywords.join(', ') ?? '',
      pattern: rule?.pattern ?? '',
      action: rule?.action ?? 'hide',
      enabled: rule?.enabled ?? true,
    },
  });
  const save = useSaveRule();
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const parsed = moderationRuleInputSchema.safeParse({
      connectionId: values.connectionId,
      name: values.name,
      keywords: values.keywords
        .split(/[,\n]/)
        .map((k) => k.trim())
        .filter(Boolean),
      pattern: values.pattern.trim() || null,
      action: values.action,
      enabled: values.enabled,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'name') as keyof Values;
        form.setError(field, { type: 'schema', message: issue.message });
      }
      return;
    }
    save.mutate(
      { id: rule?.id ?? null, rule: parsed.data },
      {
        onSuccess: onClose,
        onError: (error) =>
          setFormError(
            applyServerErrors(error, form.setError, [
              'connectionId',
              'name',
              'keywords',
              'pattern',
            ]),
          ),
      },
    );
  });

  return (
    <form className="grid gap-4" onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>{rule ? 'Edit rule' : 'New moderation rule'}</DialogTitle>
        <DialogDescription>
          New comments on the account that contain one of the words, or match the pattern, are
          hidden or flagged for the team. Every automatic action can be undone.
        </DialogDescription>
      </DialogHeader>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <FormField label="Account" error={errors.connectionId?.message}>
        <select {...form.register('connectionId')} className={cn(inputClasses, 'pr-8')}>
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {connectionLabel(c)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} maxLength={80} placeholder="Spam links" />
      </FormField>
      <FormField
        label="Words"
        hint="Separate them with commas. Matching ignores upper and lower case."
        error={errors.keywords?.message}
      >
        <Input {...form.register('keywords')} placeholder="free followers, crypto, dm me" />
      </FormField>
      <FormField
        label="Pattern"
        optional
        hint="A regular expression, for example https?://\S+ for any link."
        error={errors.pattern?.message}
      >
        <Input {...form.register('pattern')} maxLength={200} spellCheck={false} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">When a comment matches</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="hide" {...form.register('action')} /> Hide it
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="flag" {...form.register('action')} /> Flag it for the team
        </label>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('enabled')} /> Rule is on
      </label>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save rule
        </Button>
      </DialogFooter>
    </form>
  );
}
