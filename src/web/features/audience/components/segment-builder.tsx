import { useMemo, useState, type FormEvent } from 'react';
import {
  AUDIENCE_LIMITS,
  type Segment,
  type SegmentNode,
} from '#shared/contracts/audience.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useSegmentPreview } from '../api/use-segment-preview.ts';
import {
  checkTree,
  fromTree,
  newGroup,
  updateNode,
  withinLimits,
  type DraftGroup,
  type DraftNode,
} from '../lib/tree.ts';
import { GroupEditor, type GroupActions } from './group-editor.tsx';
import { SegmentPreviewPanel } from './segment-preview.tsx';

// The segment builder (docs/product/screens.md#audience): a tree of AND / OR groups (each may be
// wrapped in NOT) of rules on the contract's fields, checked with segmentTreeSchema before the
// live count is asked for or the segment saved. On a phone the count comes under the tree.

export interface SegmentDraft {
  name: string;
  rule: SegmentNode;
}

export function SegmentBuilder({
  segment,
  saving,
  saveError,
  onSave,
}: {
  segment?: Segment;
  saving: boolean;
  saveError: unknown;
  onSave(draft: SegmentDraft): void;
}) {
  const [name, setName] = useState(segment?.name ?? '');
  const [root, setRoot] = useState<DraftGroup>(() =>
    segment ? fromTree(segment.rule) : newGroup('and'),
  );
  const [tried, setTried] = useState(false);
  const check = useMemo(() => checkTree(root), [root]);
  const preview = useSegmentPreview(check.ok ? check.tree : null);

  const actions = useMemo<GroupActions>(
    () => ({
      change: (key, node) => setRoot((current) => updateNode(current, key, () => node)),
      allows: (key, node: DraftNode) => withinLimits(updateNode(root, key, () => node)),
    }),
    [root],
  );

  const serverErrors = fieldErrorsOf(saveError);
  const nameError =
    tried && name.trim() === '' ? 'Name the segment' : (serverErrors.name ?? undefined);
  const otherError =
    saveError && !serverErrors.name ? (serverErrors.rule ?? userMessageOf(saveError)) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (name.trim() === '' || !check.ok) return;
    onSave({ name: name.trim(), rule: check.tree });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Segment name" error={nameError} className="max-w-md">
        <Input
          value={name}
          maxLength={AUDIENCE_LIMITS.segmentNameLength}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Happy regulars on Instagram"
        />
      </FormField>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-2">
          <GroupEditor group={root} position="Top group" actions={actions} />
          <p className="text-xs text-muted-foreground">
            Up to {AUDIENCE_LIMITS.maxNodes} rules and groups, groups up to{' '}
            {AUDIENCE_LIMITS.maxDepth} deep.
          </p>
        </div>
        <SegmentPreviewPanel preview={preview} problem={check.ok ? null : check.message} />
      </div>
      {tried && !check.ok ? <Alert variant="destructive" title={check.message} /> : null}
      {otherError ? (
        <Alert variant="destructive" title="The segment was not saved">
          {otherError}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving}>
          Save segment
        </Button>
      </div>
    </form>
  );
}
