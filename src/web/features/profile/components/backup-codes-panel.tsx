import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** Backup codes, shown once: copy or download them now, they cannot be shown again. */
export function BackupCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <div className="grid gap-4" data-testid="backup-codes">
      <Alert variant="warning" title="Save your backup codes now">
        Each code signs you in once if you lose your phone. They are shown only this time.
      </Alert>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted/50 p-4 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            navigator.clipboard
              .writeText(text)
              .then(() => toast.success('Backup codes copied.'))
              .catch(() => toast.error('Copying is not allowed here. Download the codes instead.'));
          }}
        >
          <Copy aria-hidden className="size-4" /> Copy
        </Button>
        <Button asChild variant="outline" size="sm">
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Soci Gen backup codes\n\n${text}\n`)}`}
            download="soci-gen-backup-codes.txt"
          >
            <Download aria-hidden className="size-4" /> Download
          </a>
        </Button>
        <Button type="button" size="sm" className="ml-auto" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}
