import type {
  Contact,
  ContactDetail,
  Segment,
  SegmentNode,
} from '#shared/contracts/audience.contract.ts';
import { api } from '../../../lib/api-client.ts';
import type { ContactListParams } from './keys.ts';
import { audiencePath, audiencePaths } from './paths.ts';

// The calls of /api/audience, one per route (audience.contract.ts).

export interface ContactList {
  items: Contact[];
  page: number;
  pageSize: number;
  total: number;
}

export interface SegmentPreview {
  count: number;
  sample: Contact[];
}

/** What a person may change on a contact's page. */
export interface ContactChanges {
  email?: string | null;
  phone?: string | null;
  location?: string | null;
  tags?: string[];
  consent?: boolean;
  /** Where the consent was given: required when it becomes true. */
  consentSource?: string | null;
  stage?: Contact['stage'];
}

export interface SegmentInput {
  name: string;
  rule: SegmentNode;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const audienceApi = {
  contacts: (params: ContactListParams, signal?: AbortSignal) =>
    api.get<ContactList>(audiencePaths.contacts, {
      query: {
        q: params.q || undefined,
        segmentId: params.segmentId || undefined,
        page: params.page,
      },
      ...withSignal(signal),
    }),
  contact: (id: string, signal?: AbortSignal) =>
    api.get<ContactDetail>(audiencePath('contact', id), withSignal(signal)),
  update: (id: string, changes: ContactChanges) =>
    api.patch<ContactDetail>(audiencePath('contact', id), changes),
  remove: (id: string) => api.delete<{ identities: number }>(audiencePath('contact', id)),
  merge: (id: string, otherId: string) =>
    api.post<ContactDetail>(audiencePath('merge', id), { otherId }),
  split: (id: string, identityId: string) =>
    api.post<ContactDetail>(audiencePath('split', id), { identityId }),
  refresh: () => api.post<{ created: number; updated: number }>(audiencePaths.refresh, {}),
  segments: (signal?: AbortSignal) =>
    api.get<Segment[]>(audiencePaths.segments, withSignal(signal)),
  segment: (id: string, signal?: AbortSignal) =>
    api.get<Segment>(audiencePath('segment', id), withSignal(signal)),
  createSegment: (input: SegmentInput) => api.post<Segment>(audiencePaths.segments, input),
  updateSegment: (id: string, input: SegmentInput) =>
    api.patch<Segment>(audiencePath('segment', id), input),
  deleteSegment: (id: string) => api.delete<unknown>(audiencePath('segment', id)),
  preview: (rule: SegmentNode, signal?: AbortSignal) =>
    api.post<SegmentPreview>(audiencePaths.preview, { rule }, withSignal(signal)),
};
