import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { createQueryClient } from '../../../../app/query-client.ts';
import { authValue, businessProfile, subscription } from '../../../../test/auth-state.ts';
import { ok, type MockHandler, type MockResponse } from '../../../../test/mock-api.ts';
import { AuthContext } from '../../../auth/index.ts';
import AudiencePage from '../../pages/audience-page.tsx';
import { audienceApi, segment, SEGMENT_ID } from '../../pages/audience.test-helpers.tsx';
import type { EmailReach, Suppression } from '../api/email-api.ts';
import EmailPage from './email-page.tsx';
import SuppressionsPage from './suppressions-page.tsx';

// The e-mail API's answers (email-marketing.contract.ts) for the e-mail pages' tests.

export const EMAIL_ID = '5a1b2c3d-0000-4000-8000-00000000e001';
export { SEGMENT_ID };

export function emailCampaign(overrides: Partial<EmailCampaign> = {}): EmailCampaign {
  return {
    id: EMAIL_ID,
    name: 'Spring news',
    subject: 'Fresh from the oven',
    preheader: 'Our spring loaves',
    body: 'Hello {{firstName|there}},\n\nSpring is here.',
    segmentId: SEGMENT_ID,
    segmentName: 'Happy regulars',
    status: 'draft',
    sendAt: null,
    clickTracking: false,
    version: 3,
    startedAt: null,
    finishedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    figures: {
      recipients: 0,
      queued: 0,
      sent: 0,
      refused: 0,
      bounced: 0,
      skipped: 0,
      unsubscribed: 0,
      clicked: 0,
      clicks: 0,
    },
    ...overrides,
  };
}

export function reach(overrides: Partial<EmailReach> = {}): EmailReach {
  return {
    inSegment: 540,
    withEmail: 330,
    withConsent: 312,
    suppressed: 4,
    reachable: 308,
    ...overrides,
  };
}

export function suppression(overrides: Partial<Suppression> = {}): Suppression {
  return {
    email: 'ann@example.com',
    reason: 'unsubscribed',
    campaignId: EMAIL_ID,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function list<T>(items: T[], total = items.length) {
  return ok({ items, page: 1, pageSize: 50, total });
}

/** The preview the server makes: the body as the HTML, and `{{nickname}}` as unknown. */
export const previewHandler: MockHandler = ({ body }) => {
  const input = body as { subject: string; preheader: string; body: string };
  return ok({
    subject: input.subject.replace('{{firstName|there}}', 'Ann'),
    preheader: input.preheader,
    html: `<p>${input.body.replace('{{firstName|there}}', 'Ann')}</p>`,
    text: input.body,
    unknownFields: input.body.includes('{{nickname}}') ? ['nickname'] : [],
  });
};

export function emailApiMock(handlers: Record<string, MockHandler | MockResponse> = {}) {
  return audienceApi({
    'GET /api/audience/segments': ok([segment()]),
    'GET /api/audience/emails': list([emailCampaign()]),
    [`GET /api/audience/emails/${EMAIL_ID}`]: ok(emailCampaign()),
    'GET /api/audience/emails/reach': ok(reach()),
    'POST /api/audience/emails/preview': previewHandler,
    'GET /api/audience/suppressions': list([suppression()]),
    ...handlers,
  });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderEmail(path: string, { addons = ['email'] as Array<'crm' | 'email'> } = {}) {
  const auth = authValue({
    businessProfile: businessProfile({ time_zone: 'Europe/Lisbon' }),
    subscription: subscription({ addons }),
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/dashboard/audience" element={<AudiencePage />} />
            <Route path="/dashboard/audience/emails/new" element={<EmailPage />} />
            <Route path="/dashboard/audience/emails/suppressions" element={<SuppressionsPage />} />
            <Route path="/dashboard/audience/emails/:id" element={<EmailPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
