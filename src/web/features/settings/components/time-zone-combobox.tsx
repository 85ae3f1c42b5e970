import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { supportedTimeZones } from '../../../lib/time-zone.ts';

// A time zone field that filters as you type: the list has about 420 zones, which a plain select
// makes people scroll through. It follows the WAI-ARIA combobox pattern (an input that owns a
// listbox, options reached with the arrow keys, the active one named by aria-activedescendant),
// without a positioning library: the list opens under the field.

export interface TimeZoneOption {
  zone: string;
  /** "Europe/Lisbon" as people read it: "Europe / Lisbon", spaces for underscores. */
  label: string;
  /** "GMT+1" now, for the list and for searching by offset. */
  offset: string;
}

function labelOf(zone: string): string {
  return zone.replace(/_/g, ' ').replace(/\//g, ' / ');
}

function offsetOf(zone: string, now: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** Offsets can be left out (''), to be filled in later: see useOffsets. */
export function timeZoneOptions(
  zones: readonly string[],
  now: Date | null = new Date(),
): TimeZoneOption[] {
  return zones.map((zone) => ({
    zone,
    label: labelOf(zone),
    offset: now ? offsetOf(zone, now) : '',
  }));
}

const OFFSET_BATCH = 40;

/**
 * Each zone's offset needs a formatter of its own: about 420 of them take 40–250 ms here, too long
 * to hold up the settings page. They are worked out in small batches after it shows, and the list
 * gains its offsets (and search by offset) when they are done.
 */
function useOffsets(zones: readonly string[]): ReadonlyMap<string, string> | null {
  const [offsets, setOffsets] = useState<{
    zones: readonly string[];
    map: ReadonlyMap<string, string>;
  } | null>(null);
  useEffect(() => {
    const now = new Date();
    const found = new Map<string, string>();
    let index = 0;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      for (const zone of zones.slice(index, index + OFFSET_BATCH))
        found.set(zone, offsetOf(zone, now));
      index += OFFSET_BATCH;
      if (index < zones.length) timer = setTimeout(step, 0);
      else setOffsets({ zones, map: found });
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [zones]);
  return offsets?.zones === zones ? offsets.map : null;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[_/]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Options whose name or offset holds every word typed, in any order ("york new", "gmt+1"). */
export function filterTimeZones(options: readonly TimeZoneOption[], query: string) {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const haystack = `${normalise(option.zone)} ${option.offset.toLowerCase()}`;
    return words.every((word) => haystack.includes(word));
  });
}

export interface TimeZoneComboboxProps {
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** From FormField: the label points at this id, and errors describe the field. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  name?: string;
}

export function TimeZoneCombobox({
  value,
  onChange,
  onBlur,
  disabled,
  id,
  name,
  ...aria
}: TimeZoneComboboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-listbox`;
  const zones = useMemo(() => supportedTimeZones(value), [value]);
  const offsets = useOffsets(zones);
  const options = useMemo(
    () =>
      timeZoneOptions(zones, null).map((option) => ({
        ...option,
        offset: offsets?.get(option.zone) ?? '',
      })),
    [zones, offsets],
  );
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const filtered = useMemo(() => filterTimeZones(options, query ?? ''), [options, query]);
  const selected = options.find((option) => option.zone === value);

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    // Start at the chosen zone when nothing is typed, so the keys move from where one is.
    const at = query === null ? filtered.findIndex((option) => option.zone === value) : 0;
    setActive(Math.max(0, at));
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: TimeZoneOption | undefined) => {
    if (!option) return;
    onChange(option.zone);
    close();
  };

  useEffect(() => {
    if (!open) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((index) => Math.min(index + 1, filtered.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (open && query === null) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : filtered.length - 1);
        }
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          choose(filtered[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const activeOption = open ? filtered[active] : undefined;
  return (
    <div className="relative">
      <input
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${activeOption.zone}` : undefined}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder="Type a city or region, e.g. Lisbon"
        className={cn(inputClasses, 'pr-10')}
        value={query ?? selected?.label ?? labelOf(value)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={open ? 'Close the list of time zones' : 'Show all time zones'}
        disabled={disabled}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground disabled:opacity-60"
        // Keeps the focus in the field, which closes the list when it leaves.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => (open ? close() : openList())}
      >
        <ChevronsUpDown aria-hidden className="size-4" />
      </button>
      <ul
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label="Time zones"
        hidden={!open}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-border bg-card p-1 text-card-foreground shadow-lg"
      >
        {/* The options exist only while the list is open: 420 of them are not free to render. */}
        {!open ? null : filtered.length === 0 ? (
          <li className="px-3 py-2 text-sm text-muted-foreground">
            No time zone matches “{query}”.
          </li>
        ) : (
          filtered.map((option, index) => {
            const isSelected = option.zone === value;
            return (
              <li
                key={option.zone}
                id={`${listId}-${option.zone}`}
                role="option"
                aria-selected={isSelected}
                data-index={index}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                  index === active ? 'bg-muted text-foreground' : 'text-foreground',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(option)}
              >
                <Check
                  aria-hidden
                  className={cn('size-4 shrink-0 text-primary', isSelected ? '' : 'invisible')}
                />
                <span className="min-w-0 flex-1 truncate">{option.label}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{option.offset}</span>
              </li>
            );
          })
        )}
      </ul>
    </div>
  );
}
