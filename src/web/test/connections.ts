import type { Connection } from '#shared/contracts/platforms.contract.ts';

/**
 * A healthy, connected Facebook Page of the test business; an Instagram account (platform
 * 'instagram') gets the @rosabakery username unless the overrides say otherwise.
 */
export function connection(overrides: Partial<Connection> = {}): Connection {
  const platform = overrides.platform ?? 'facebook';
  return {
    id: '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e01',
    platform,
    login: 'facebook',
    external_id: '723701000827665',
    name: 'Rosa Bakery',
    username: platform === 'instagram' ? 'rosabakery' : null,
    picture_url: null,
    linked_page_id: null,
    granted_scopes: [],
    missing_permissions: [],
    status: 'connected',
    health: 'healthy',
    expires_in_days: null,
    token_expires_at: null,
    fix: null,
    simulated: true,
    last_checked_at: null,
    connected_at: '2026-01-01T00:00:00.000Z',
    scheduled_posts: 0,
    ...overrides,
  };
}
