import type { z } from 'zod';
import type {
  EmailCampaign,
  EmailCampaignInput,
  emailPreviewSchema,
  emailReachSchema,
  suppressionSchema,
} from '#shared/contracts/email-marketing.contract.ts';
import { api } from '../../../../lib/api-client.ts';
import { emailPath, emailPaths, suppressionPath } from './paths.ts';

// The calls of the e-mail marketing add-on, one per route (email-marketing.contract.ts). The
// server renders every e-mail; the browser only shows what it answers.

export type EmailReach = z.infer<typeof emailReachSchema>;
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
export type Suppression = z.infer<typeof suppressionSchema>;

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface PreviewInput {
  subject: string;
  preheader: string;
  body: string;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const emailApi = {
  list: (page: number, signal?: AbortSignal) =>
    api.get<Paged<EmailCampaign>>(emailPaths.emails, { query: { page }, ...withSignal(signal) }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<EmailCampaign>(emailPath('email', id), withSignal(signal)),
  create: (input: EmailCampaignInput) => api.post<EmailCampaign>(emailPaths.emails, input),
  update: (id: string, input: EmailCampaignInput & { version: number }) =>
    api.patch<EmailCampaign>(emailPath('email', id), input),
  remove: (id: string) => api.delete<unknown>(emailPath('email', id)),
  send: (id: string, input: { sendAt: string | null; version: number }) =>
    api.post<EmailCampaign>(emailPath('send', id), input),
  cancel: (id: string) => api.post<EmailCampaign>(emailPath('cancel', id), {}),
  test: (id: string) => api.post<{ to: string }>(emailPath('test', id), {}),
  preview: (input: PreviewInput, signal?: AbortSignal) =>
    api.post<EmailPreview>(emailPaths.preview, input, withSignal(signal)),
  reach: (segmentId: string, signal?: AbortSignal) =>
    api.get<EmailReach>(emailPaths.reach, { query: { segmentId }, ...withSignal(signal) }),
  suppressions: (page: number, signal?: AbortSignal) =>
    api.get<Paged<Suppression>>(emailPaths.suppressions, {
      query: { page },
      ...withSignal(signal),
    }),
  addSuppression: (email: string) => api.post<Suppression>(emailPaths.suppressions, { email }),
  removeSuppression: (email: string) => api.delete<unknown>(suppressionPath(email)),
};
