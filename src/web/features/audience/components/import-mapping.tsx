import type { ImportField, ImportMapping } from '#shared/contracts/audience-import.contract.ts';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

// The import's mapping: for each column of the file, the contact field it fills, or none.

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  tags: 'Tags',
  location: 'Location',
  consent: 'Consent',
  consentSource: 'Consent source',
};

const IGNORE = '';

/** `mapping` with `field` on column `index`, taken off any other column (one column per field). */
export function remap(mapping: ImportMapping, index: number, field: ImportField | null) {
  return mapping.map((current, i) => {
    if (i === index) return field;
    return field !== null && current === field ? null : current;
  });
}

export function ImportMappingFields({
  header,
  mapping,
  disabled,
  onChange,
}: {
  header: readonly string[];
  mapping: ImportMapping;
  disabled?: boolean;
  onChange(mapping: ImportMapping): void;
}) {
  const hasKey = mapping.includes('name') || mapping.includes('email');
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold">Columns</legend>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2 md:grid-cols-4">
        {header.map((name, index) => (
          <label
            key={index}
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)] items-center gap-2 text-sm sm:grid-cols-1 sm:gap-1"
          >
            <span className="truncate font-medium" title={name}>
              {name}
            </span>
            <select
              aria-label={`Column ${name}`}
              value={mapping[index] ?? IGNORE}
              disabled={disabled}
              onChange={(e) =>
                onChange(remap(mapping, index, (e.target.value || null) as ImportField | null))
              }
              className={cn(inputClasses, !mapping[index] && 'text-muted-foreground')}
            >
              <option value={IGNORE}>Ignore this column</option>
              {Object.entries(IMPORT_FIELD_LABELS).map(([field, label]) => (
                <option key={field} value={field}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {hasKey ? null : (
        <p className="text-sm text-destructive">Choose the column of the name or of the e-mail.</p>
      )}
    </fieldset>
  );
}
