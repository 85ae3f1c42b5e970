import { Button } from '../../../components/ui/button.tsx';

/** What is selected, with select all, clear, and the actions on the selection. */
export function SelectionBar({
  count,
  canUpdate,
  canDelete,
  onSelectAll,
  onClear,
  onDialog,
}: {
  count: number;
  canUpdate: boolean;
  canDelete: boolean;
  onSelectAll(): void;
  onClear(): void;
  onDialog(dialog: 'tag' | 'delete'): void;
}) {
  return (
    <div
      className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card px-4 py-2 shadow-sm"
      role="region"
      aria-label="Selection"
    >
      <span className="text-sm font-medium">{count} selected</span>
      <Button variant="ghost" size="sm" onClick={onSelectAll}>
        Select all shown
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear
      </Button>
      <div className="ml-auto flex gap-2">
        {canUpdate ? (
          <Button variant="outline" size="sm" onClick={() => onDialog('tag')}>
            Tag
          </Button>
        ) : null}
        {canDelete ? (
          <Button variant="destructive" size="sm" onClick={() => onDialog('delete')}>
            Delete
          </Button>
        ) : null}
      </div>
    </div>
  );
}
