import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { fieldErrorsOf, httpStatusOf } from '../../../../lib/api-client.ts';
import { reportError, userMessageOf } from '../../../../lib/errors.ts';
import { useSaveEmail, useSendEmail, useSendTestEmail } from '../api/use-email-actions.ts';
import {
  EMPTY_EMAIL,
  sameValues,
  saveInputOf,
  sendErrorsOf,
  valuesOf,
  type EmailFormErrors,
  type EmailFormValues,
} from '../lib/email-form.ts';
import { emailUrl } from '../lib/format.ts';

// The draft editor's state: what is typed, the explicit Save with the version it was read at (a
// 409 keeps what was typed and offers Reload — docs/decisions/095: versions), and the actions
// that save first when something changed: Send test to me, Send now, Schedule. A new e-mail
// becomes a draft on its first save, and its address follows.

export function useEmailEditor(
  campaign: EmailCampaign | null,
  reload: () => Promise<EmailCampaign | undefined>,
) {
  const navigate = useNavigate();
  const [values, setValues] = useState<EmailFormValues>(() =>
    campaign ? valuesOf(campaign) : EMPTY_EMAIL,
  );
  const [errors, setErrors] = useState<EmailFormErrors>({});
  const [formError, setFormError] = useState<{ title: string; message: string } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const save = useSaveEmail(campaign?.id);
  const send = useSendEmail();
  const test = useSendTestEmail();
  const dirty = !campaign || !sameValues(values, valuesOf(campaign));
  const unsaved = campaign ? dirty : !sameValues(values, EMPTY_EMAIL);

  // Closing or reloading the tab with unsaved changes asks first, as browsers allow.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  function change(patch: Partial<EmailFormValues>) {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof EmailFormValues];
      return next;
    });
  }

  /** A refusal: a conflict, messages under the fields (answered too), or the app's toast. */
  function failed(cause: unknown, title: string): Record<string, string> {
    if (httpStatusOf(cause) === 409) {
      setConflict(true);
      return {};
    }
    const fields = fieldErrorsOf(cause);
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      setFormError({ title, message: userMessageOf(cause) });
    } else {
      setFormError(null);
      reportError(cause);
    }
    return fields;
  }

  /** The draft as typed, saved when it changed; null when it was refused. */
  async function persist(): Promise<EmailCampaign | null> {
    if (conflict) return null;
    if (campaign && !dirty) return campaign;
    const checked = saveInputOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return null;
    }
    try {
      const saved = await save.mutateAsync({
        input: checked.input,
        version: campaign?.version ?? null,
      });
      setErrors({});
      setFormError(null);
      // What the server kept (trimmed) is what the form shows.
      setValues(valuesOf(saved));
      if (!campaign) void navigate(emailUrl(saved.id), { replace: true });
      return saved;
    } catch (cause) {
      failed(cause, 'The e-mail was not saved');
      return null;
    }
  }

  async function saveDraft() {
    const saved = await persist();
    if (saved) toast.success('Draft saved');
  }

  /**
   * Whether sending may be asked: a subject, a body, a segment, and no merge field the server does
   * not know (`unknown`, from the preview).
   */
  function readyToSend(unknown: readonly string[]): boolean {
    const missing = { ...saveErrors(), ...sendErrorsOf(values) };
    if (unknown.length > 0 && !missing.body) {
      missing.body = `Unknown merge fields: ${unknown.map((f) => `{{${f}}}`).join(', ')}`;
    }
    setErrors(missing);
    return Object.keys(missing).length === 0;
  }

  function saveErrors(): EmailFormErrors {
    const checked = saveInputOf(values);
    return checked.ok ? {} : checked.errors;
  }

  async function sendTest() {
    const saved = await persist();
    if (!saved) return;
    try {
      const { to } = await test.mutateAsync(saved.id);
      toast.success(`Test sent to ${to}`);
    } catch (cause) {
      failed(cause, 'The test was not sent');
    }
  }

  /**
   * Sends now (null) or at `at`: whether the server took it, and its word on the time when that
   * was what it refused (the schedule dialog shows it and stays open).
   */
  async function sendAt(at: string | null): Promise<{ sent: boolean; timeError?: string }> {
    const saved = await persist();
    if (!saved) return { sent: false };
    try {
      await send.mutateAsync({ id: saved.id, sendAt: at, version: saved.version });
      toast.success(at ? 'E-mail scheduled' : 'Sending has begun');
      return { sent: true };
    } catch (cause) {
      const fields = failed(cause, at ? 'The e-mail was not scheduled' : 'The e-mail was not sent');
      return fields['sendAt'] ? { sent: false, timeError: fields['sendAt'] } : { sent: false };
    }
  }

  async function reloadDraft() {
    setReloading(true);
    try {
      const fresh = await reload();
      if (fresh) {
        setValues(valuesOf(fresh));
        setErrors({});
        setFormError(null);
        setConflict(false);
      }
    } finally {
      setReloading(false);
    }
  }

  return {
    values,
    change,
    errors,
    formError,
    dirty,
    conflict,
    reloading,
    reloadDraft,
    saving: save.isPending,
    saveDraft,
    readyToSend,
    testing: test.isPending,
    sendTest,
    sending: send.isPending,
    sendAt,
  };
}
