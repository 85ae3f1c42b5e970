import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.ts';
import { deletionRequests } from './account.tables.ts';

// The record of a request to delete someone's data, looked up later by its public confirmation
// code: a closed account's page shows it, and Meta's data-deletion callback answers with it
// (https://developers.facebook.com/docs/development/create-an-app/app-dashboard/data-deletion-callback).
// The code is the only key and carries no personal data, so anyone holding it may read the status.

export type DeletionRequestKind = (typeof deletionRequests.kind.enumValues)[number];
export type DeletionRequestStatus = (typeof deletionRequests.status.enumValues)[number];

export interface DeletionRequest {
  code: string;
  kind: DeletionRequestKind;
  status: DeletionRequestStatus;
  createdAt: Date;
  completedAt: Date | null;
}

// Crockford-like alphabet without look-alikes (0/O, 1/I/L), so a code read aloud or copied by
// hand survives; 16 characters of 31 symbols is about 79 bits, enough not to be guessed.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 16;
export const DELETION_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{16}$/;

export function newDeletionCode(): string {
  const bytes = randomBytes(CODE_LENGTH * 2);
  let code = '';
  // Rejection sampling keeps every symbol equally likely (256 is not a multiple of 31).
  for (let i = 0; i < bytes.length && code.length < CODE_LENGTH; i++) {
    const value = bytes[i]!;
    if (value < 248) code += ALPHABET[value % ALPHABET.length];
  }
  return code.length === CODE_LENGTH ? code : newDeletionCode();
}

export async function createDeletionRequest(
  database: Database,
  input: { kind: DeletionRequestKind },
): Promise<{ code: string }> {
  const code = newDeletionCode();
  await database.unsafeDb.insert(deletionRequests).values({ code, kind: input.kind });
  return { code };
}

/** Marks a request completed; true when it was pending (a second call changes nothing). */
export async function completeDeletionRequest(database: Database, code: string): Promise<boolean> {
  const rows = await database.unsafeDb
    .update(deletionRequests)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(deletionRequests.code, code), eq(deletionRequests.status, 'pending')))
    .returning({ code: deletionRequests.code });
  return rows.length > 0;
}

export async function findDeletionRequest(
  database: Database,
  code: string,
): Promise<DeletionRequest | null> {
  const normalised = code.trim().toUpperCase();
  if (!DELETION_CODE_PATTERN.test(normalised)) return null;
  const [row] = await database.unsafeDb
    .select()
    .from(deletionRequests)
    .where(eq(deletionRequests.code, normalised));
  return row ?? null;
}
