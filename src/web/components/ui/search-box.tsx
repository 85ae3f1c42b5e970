import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from './input.tsx';

/**
 * A search field that asks as the person types: `onSearch` gets the trimmed words 300 ms after
 * the last key, once per change, never for what is already searched (`value`).
 */
export function SearchBox({
  value,
  label,
  placeholder,
  onSearch,
}: {
  value: string;
  label: string;
  placeholder: string;
  onSearch(words: string): void;
}) {
  const [typed, setTyped] = useState(value);
  useEffect(() => {
    if (typed.trim() === value) return;
    const timer = setTimeout(() => onSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed, value, onSearch]);
  return (
    <div className="relative sm:max-w-xs sm:flex-1">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
