import { useEffect, useState } from 'react';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../../components/ui/input.tsx';
import { cn } from '../../../../lib/cn.ts';
import { useSegments } from '../../../audience/index.ts';
import type { FieldsRef } from './use-wizard.ts';

// Step 1: what the campaign is called, what it is for and who it speaks to.

const GOAL_MAX = 1000;
const AUDIENCE_MAX = 500;

export function BriefStep({
  campaign,
  fieldsRef,
  fieldErrors,
  nameMissing,
}: {
  campaign: Campaign | null;
  fieldsRef: FieldsRef;
  fieldErrors: Record<string, string>;
  /** Next was pressed without a name. */
  nameMissing: boolean;
}) {
  const [name, setName] = useState(campaign?.name ?? '');
  const [goal, setGoal] = useState(campaign?.goal ?? '');
  const [audience, setAudience] = useState(campaign?.audience ?? '');
  const [segmentId, setSegmentId] = useState(campaign?.segmentId ?? '');
  const segments = useSegments();
  const hadSegment = Boolean(campaign?.segmentId);
  useEffect(() => {
    fieldsRef.current = {
      name: name.trim(),
      goal: goal.trim(),
      audience: audience.trim(),
      // Sent when chosen, or when a chosen one is taken away.
      ...(segmentId ? { segmentId } : hadSegment ? { segmentId: null } : {}),
    };
  }, [fieldsRef, name, goal, audience, segmentId, hadSegment]);

  return (
    <div className="grid gap-5">
      <FormField
        label="Campaign name"
        error={
          fieldErrors['name'] ??
          (nameMissing && name.trim() === '' ? 'Name the campaign' : undefined)
        }
      >
        <Input
          value={name}
          maxLength={120}
          placeholder="Spring sourdough week"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField
        label="Goal"
        hint="What should the campaign achieve? The plan of posts is written towards it."
        error={fieldErrors['goal']}
      >
        <textarea
          value={goal}
          rows={4}
          maxLength={GOAL_MAX}
          placeholder="Fill the new Saturday baking classes"
          onChange={(e) => setGoal(e.target.value)}
          className={cn(inputClasses, 'h-auto')}
        />
      </FormField>
      <FormField
        label="Audience"
        optional
        hint="Who the posts speak to."
        error={fieldErrors['audience']}
      >
        <textarea
          value={audience}
          rows={3}
          maxLength={AUDIENCE_MAX}
          placeholder="Families in the neighbourhood who bake at home"
          onChange={(e) => setAudience(e.target.value)}
          className={cn(inputClasses, 'h-auto')}
        />
      </FormField>
      <FormField
        label="Audience segment"
        optional
        hint="A saved segment of your contacts the campaign is for (Audience)."
        error={fieldErrors['segmentId']}
      >
        <select
          value={segmentId}
          onChange={(e) => setSegmentId(e.target.value)}
          className={cn(inputClasses, 'max-w-md')}
        >
          <option value="">No segment</option>
          {(segments.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.count} {s.count === 1 ? 'contact' : 'contacts'})
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}
