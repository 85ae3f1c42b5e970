import type { Board, BoardCard, Note } from '#shared/contracts/crm.contract.ts';
import { ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { USER_ID } from '../../../test/auth-state.ts';

// The CRM add-on's API answers (crm.contract.ts) for the audience pages' tests.

export const STAFF_ID = '5a1b2c3d-0000-4000-8000-00000000e001';

export function actor(role: 'owner' | 'manager' | 'staff' | 'viewer' = 'owner') {
  return ok({
    user_id: USER_ID,
    tenant_id: USER_ID,
    tenant_role: role,
    is_admin: false,
    memberships: [],
  });
}

export function note(overrides: Partial<Note> = {}): Note {
  return {
    id: '5a1b2c3d-0000-4000-8000-00000000f001',
    contactId: '5a1b2c3d-0000-4000-8000-00000000a001',
    body: 'Wants a birthday cake in May',
    author: { id: USER_ID, name: 'Olive Owner' },
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    canEdit: true,
    canDelete: true,
    ...overrides,
  };
}

export function card(overrides: Partial<BoardCard> = {}): BoardCard {
  return {
    id: '5a1b2c3d-0000-4000-8000-00000000a001',
    name: 'Ann Lee',
    handle: 'annlee',
    pictureUrl: null,
    stage: 'new',
    lastInteractionAt: '2026-11-20T10:00:00.000Z',
    owner: null,
    ...overrides,
  };
}

/** A board with these cards in their stages' columns, totals counted from them. */
export function board(cards: BoardCard[]): Board {
  return {
    columns: (['new', 'lead', 'customer', 'regular', 'lost'] as const).map((stage) => {
      const contacts = cards.filter((c) => c.stage === stage);
      return { stage, total: contacts.length, contacts };
    }),
  };
}

/** The CRM routes of one contact's page, answering nothing unless told. */
export function crmHandlers(
  contactId: string,
  handlers: Record<string, MockHandler | MockResponse> = {},
): Record<string, MockHandler | MockResponse> {
  return {
    'GET /api/staff/me': actor(),
    'GET /api/audience/members': ok([
      { id: USER_ID, name: 'Olive Owner', role: 'owner' },
      { id: STAFF_ID, name: 'Sam Staff', role: 'staff' },
    ]),
    [`GET /api/audience/contacts/${contactId}/notes`]: ok([]),
    [`GET /api/audience/contacts/${contactId}/timeline`]: ok({ items: [], nextBefore: null }),
    ...handlers,
  };
}
