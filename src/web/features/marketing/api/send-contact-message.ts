import type { ContactInput } from '#shared/contracts/contact.contract.ts';
import {
  CONTACT_FIELDS,
  type ContactErrors,
  type ContactValues,
} from '../lib/contact-validation.ts';

// POST /api/contact with plain fetch: the public site stays free of the dashboard's data layer.
// The body is typed by the shared contract (a type-only import, so no zod in this bundle); the
// limits in ../lib/contact-validation.ts mirror that schema.

export type SendContactResult =
  { ok: true } | { ok: false; error: string; fieldErrors: ContactErrors };

const FALLBACK_ERROR = 'A server error occurred. Please try again.';
const NETWORK_ERROR = 'Network connection issues. Please check your internet connection.';

function readFieldErrors(value: unknown): ContactErrors {
  const errors: ContactErrors = {};
  if (!value || typeof value !== 'object') return errors;
  const record = value as Record<string, unknown>;
  for (const field of CONTACT_FIELDS) {
    const entry = record[field];
    // Servers send either one message or a list of them per field.
    const message = Array.isArray(entry) ? entry.find((m) => typeof m === 'string') : entry;
    if (typeof message === 'string' && message) errors[field] = message;
  }
  return errors;
}

export async function sendContactMessage(values: ContactValues): Promise<SendContactResult> {
  const company = values.company.trim();
  const body: ContactInput = {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(company ? { company } : {}),
    message: values.message.trim(),
  };

  let response: Response;
  try {
    response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: NETWORK_ERROR, fieldErrors: {} };
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  const record = (payload && typeof payload === 'object' ? payload : {}) as {
    success?: unknown;
    error?: unknown;
    metadata?: { fieldErrors?: unknown };
  };

  if (response.ok && record.success !== false) return { ok: true };

  return {
    ok: false,
    error: typeof record.error === 'string' && record.error ? record.error : FALLBACK_ERROR,
    fieldErrors: readFieldErrors(record.metadata?.fieldErrors),
  };
}
