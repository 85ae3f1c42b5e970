import type { MediaRequirement } from '#shared/contracts/campaign-plan.contract.ts';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../../components/ui/input.tsx';

const KINDS: ReadonlyArray<[MediaRequirement['kind'], string]> = [
  ['image', 'Image'],
  ['video', 'Video'],
  ['carousel', 'Carousel'],
  ['none', 'No media'],
];
const RATIOS = ['1:1', '4:5', '9:16', '16:9', '1.91:1'] as const;

/** The media a post needs: what kind, how many, what shape, and the shot in words. */
export function MediaRequirementFields({
  value,
  error,
  onChange,
}: {
  value: MediaRequirement;
  error?: string | undefined;
  onChange(value: MediaRequirement): void;
}) {
  const set = (change: Partial<MediaRequirement>) => onChange({ ...value, ...change });
  const none = value.kind === 'none';
  return (
    <fieldset className="grid gap-4 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">Media needed</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Kind">
          <select
            className={inputClasses}
            value={value.kind}
            onChange={(e) => {
              const kind = e.target.value as MediaRequirement['kind'];
              set({
                kind,
                count: kind === 'none' ? 0 : kind === 'carousel' ? Math.max(2, value.count) : 1,
              });
            }}
          >
            {KINDS.map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Files">
          <Input
            type="number"
            min={value.kind === 'carousel' ? 2 : 0}
            max={10}
            disabled={none || value.kind !== 'carousel'}
            value={value.count}
            onChange={(e) => set({ count: Number(e.target.value) })}
          />
        </FormField>
        <FormField label="Shape">
          <select
            className={inputClasses}
            disabled={none}
            value={value.aspectRatio ?? ''}
            onChange={(e) =>
              set({ aspectRatio: (e.target.value || null) as MediaRequirement['aspectRatio'] })
            }
          >
            <option value="">Any</option>
            {RATIOS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label="The shot" error={error}>
        <Input
          value={value.description}
          maxLength={300}
          disabled={none}
          placeholder="A close-up of the crust, morning light"
          onChange={(e) => set({ description: e.target.value })}
        />
      </FormField>
    </fieldset>
  );
}
