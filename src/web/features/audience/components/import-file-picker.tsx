import { useRef, useState, type DragEvent } from 'react';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

// Choosing the file of a contacts import: a drop zone with a picker, then the chosen file's line
// with a way to choose another.

export interface ChosenFile {
  name: string;
  size: number;
  /** The file's bytes in base64, as the import routes take them. */
  base64: string;
}

const ACCEPT = '.csv,.txt,text/csv,text/plain';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function DropZone({ onChoose }: { onChoose(file: File): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChoose(dropped);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="import-dropzone"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border px-6 py-10 text-center transition-colors',
        over && 'border-primary bg-primary/5',
      )}
    >
      <FileSpreadsheet aria-hidden className="size-8 text-muted-foreground" />
      <p className="text-sm font-medium">Drag a CSV file here</p>
      <p className="text-xs text-muted-foreground">
        Up to 5 MB and 50,000 rows, with a header row. UTF-8 or Windows spreadsheets’ encoding.
      </p>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-label="Choose a CSV file"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) onChoose(chosen);
        }}
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
        <Upload aria-hidden className="size-4" />
        Choose a file
      </Button>
    </div>
  );
}

export function ChosenFileLine({
  file,
  busy,
  onChoose,
}: {
  file: ChosenFile;
  busy: boolean;
  onChoose(file: File): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-3 rounded-lg border border-border px-3 py-2">
      <FileSpreadsheet aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium" title={file.name}>
        {file.name}
        <span className="font-normal text-muted-foreground"> · {sizeText(file.size)}</span>
      </span>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-label="Choose another CSV file"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) onChoose(chosen);
        }}
      />
      <Button variant="ghost" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        Choose another file
      </Button>
    </div>
  );
}
