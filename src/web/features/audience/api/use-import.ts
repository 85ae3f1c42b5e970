import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ImportMapping,
  ImportPreview,
  ImportResult,
} from '#shared/contracts/audience-import.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserId } from '../../auth/index.ts';
import { audienceKeys } from './keys.ts';

// The contacts import (audience-import.contract.ts, docs/decisions/101-contacts-import.md): the
// file is sent as its bytes in base64, so the server decides how its text is encoded. The paths
// and limits are copied here so the audience pages' chunk stays free of the contract's zod; the
// dialog's test keeps them equal.

export const importPaths = {
  preview: '/api/audience/contacts/import/preview',
  import: '/api/audience/contacts/import',
} as const;

/** IMPORT_LIMITS.maxBytes and maxRows of the contract. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

/** What is wrong with a file before it is sent, or null. */
export function checkImportFile(file: Pick<File, 'size' | 'name'>): string | null {
  if (file.size === 0) return 'This file is empty.';
  if (file.size > IMPORT_MAX_BYTES) {
    return 'The file is larger than 5 MB. Split it into smaller files.';
  }
  return null;
}

/** The file's bytes in base64, read by the browser without copying them through a string. */
export function readFileBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export interface ImportRequest {
  csv: string;
  mapping: ImportMapping;
  skipInvalid: boolean;
  fileName: string;
}

/** The preview of a file: without a mapping, the one its header suggests. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: { csv: string; mapping?: ImportMapping }) =>
      api.post<ImportPreview>(importPaths.preview, input),
  });
}

/** The import; the contact lists and the segments' counts are stale after it. */
export function useImportContacts() {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation({
    mutationFn: (input: ImportRequest) => api.post<ImportResult>(importPaths.import, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: audienceKeys.contactLists(userId) });
      void client.invalidateQueries({ queryKey: audienceKeys.segments(userId) });
    },
  });
}
