import { useId, useState } from 'react';
import { toast } from 'sonner';
import type {
  ImportMapping,
  ImportPreview,
  ImportResult,
} from '#shared/contracts/audience-import.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import {
  checkImportFile,
  readFileBase64,
  useImportContacts,
  usePreviewImport,
} from '../api/use-import.ts';
import { ChosenFileLine, DropZone, type ChosenFile } from './import-file-picker.tsx';
import { ImportMappingFields } from './import-mapping.tsx';
import { ImportErrors, ImportPreviewTable, ImportTotals } from './import-preview.tsx';

// "Import CSV" (docs/decisions/101-contacts-import.md): choose a file, map its columns, see what
// the import would do, import. The file and the mapping stay when the import fails, so the
// person can skip the invalid rows or change the mapping and try again.

/** The server's words for a refused file or import: the file's own problem first. */
function problemOf(error: unknown): string {
  const fields = fieldErrorsOf(error);
  return fields['csv'] ?? fields['mapping'] ?? fields['_'] ?? userMessageOf(error);
}

export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>([]);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const previewing = usePreviewImport();
  const importing = useImportContacts();

  function reset() {
    setFile(null);
    setProblem(null);
    setPreview(null);
    setMapping([]);
    setSkipInvalid(false);
    setResult(null);
    importing.reset();
  }

  function ask(csv: string, next?: ImportMapping) {
    previewing.mutate(next ? { csv, mapping: next } : { csv }, {
      onSuccess: (answer) => {
        setPreview(answer);
        setMapping(answer.mapping);
        setProblem(null);
      },
      onError: (error) => setProblem(problemOf(error)),
    });
  }

  async function choose(chosen: File) {
    const refused = checkImportFile(chosen);
    reset();
    if (refused) {
      setProblem(refused);
      return;
    }
    try {
      const base64 = await readFileBase64(chosen);
      setFile({ name: chosen.name, size: chosen.size, base64 });
      ask(base64);
    } catch {
      setProblem('This file could not be read. Choose it again.');
    }
  }

  function changeMapping(next: ImportMapping) {
    setMapping(next);
    importing.reset();
    if (file) ask(file.base64, next);
  }

  function runImport() {
    if (!file) return;
    importing.mutate(
      { csv: file.base64, mapping, skipInvalid, fileName: file.name },
      {
        onSuccess: (done) => {
          setResult(done);
          toast.success(`${done.created + done.updated} contacts imported`);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && result) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Import contacts from CSV</DialogTitle>
          <DialogDescription>
            Name, e-mail, phone, tags, location and consent. A contact whose e-mail you already have
            is brought up to date: empty details are filled in and tags added.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <ImportDone result={result} onClose={() => onOpenChange(false)} />
        ) : (
          <>
            {file ? (
              <ChosenFileLine file={file} onChoose={choose} busy={importing.isPending} />
            ) : (
              <DropZone onChoose={choose} />
            )}
            {previewing.isPending && !preview ? (
              <p role="status" className="text-sm text-muted-foreground">
                Reading the file…
              </p>
            ) : null}
            {problem ? <Alert variant="destructive">{problem}</Alert> : null}
            {preview && file ? (
              <PreviewStep
                preview={preview}
                mapping={mapping}
                onMapping={changeMapping}
                busy={previewing.isPending}
                skipInvalid={skipInvalid}
                onSkipInvalid={setSkipInvalid}
                importing={importing.isPending}
                importError={importing.error ? importing.error : null}
                onImport={runImport}
              />
            ) : null}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewStep({
  preview,
  mapping,
  onMapping,
  busy,
  skipInvalid,
  onSkipInvalid,
  importing,
  importError,
  onImport,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onMapping(mapping: ImportMapping): void;
  busy: boolean;
  skipInvalid: boolean;
  onSkipInvalid(skip: boolean): void;
  importing: boolean;
  importError: unknown;
  onImport(): void;
}) {
  const skipId = useId();
  const { totals } = preview;
  const contacts = totals.created + totals.updated;
  const blocked = totals.invalid > 0 && !skipInvalid;
  return (
    <div className="grid gap-5" aria-busy={busy}>
      <ImportMappingFields
        header={preview.header}
        mapping={mapping}
        disabled={importing}
        onChange={onMapping}
      />
      <ImportTotals totals={totals} />
      <ImportPreviewTable preview={preview} />
      {totals.rows > preview.rows.length ? (
        <p className="-mt-3 text-xs text-muted-foreground">
          The first {preview.rows.length} of {totals.rows.toLocaleString('en-GB')} rows.
        </p>
      ) : null}
      <ImportErrors preview={preview} />
      {blocked ? (
        <p className="text-sm text-muted-foreground">
          Fix these rows in the file and choose it again, or skip them to import the others.
        </p>
      ) : null}
      {importError ? (
        <Alert variant="destructive" title="Nothing was imported">
          {problemOf(importError)}
        </Alert>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {totals.invalid > 0 ? (
          <label htmlFor={skipId} className="flex items-center gap-2 text-sm">
            <input
              id={skipId}
              type="checkbox"
              className="size-4 accent-primary"
              checked={skipInvalid}
              onChange={(e) => onSkipInvalid(e.target.checked)}
            />
            Skip the {totals.invalid.toLocaleString('en-GB')} invalid{' '}
            {totals.invalid === 1 ? 'row' : 'rows'}
          </label>
        ) : (
          <span />
        )}
        <Button onClick={onImport} loading={importing} disabled={busy || blocked || contacts === 0}>
          Import {contacts.toLocaleString('en-GB')} {contacts === 1 ? 'contact' : 'contacts'}
        </Button>
      </div>
    </div>
  );
}

function ImportDone({ result, onClose }: { result: ImportResult; onClose(): void }) {
  const parts = [
    `${result.created.toLocaleString('en-GB')} new`,
    `${result.updated.toLocaleString('en-GB')} updated`,
  ];
  if (result.duplicates > 0) {
    parts.push(`${result.duplicates.toLocaleString('en-GB')} repeated rows joined`);
  }
  if (result.skipped > 0) {
    parts.push(`${result.skipped.toLocaleString('en-GB')} invalid rows skipped`);
  }
  return (
    <>
      <Alert variant="success" title="Contacts imported">
        {parts.join(' · ')}.
      </Alert>
      <DialogFooter>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </>
  );
}
