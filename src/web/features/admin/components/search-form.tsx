import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';

/**
 * The administrators' search box: what is typed is searched on submit (trimmed), not on every
 * key, so a page of results is read once per search.
 */
export function SearchForm({
  id,
  label,
  placeholder,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  onSearch: (search: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        value={draft}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
        className="max-w-sm"
      />
      <Button type="submit" variant="outline">
        <Search aria-hidden className="size-4" />
        Search
      </Button>
    </form>
  );
}
