import type {
  ConnectionHealth,
  LoginKind,
  PlatformKind,
} from '#shared/contracts/platforms.contract.ts';

// A connection's health and the exact fix to show beside it. Pure: the token check gathers the
// facts (validity, expiry, granted scopes), this decides what they mean for the person.

const DAY_MS = 86_400_000;

/**
 * Permissions each kind of connection needs for what the product does with it
 * (docs/product/meta-platform.md#permissions).
 */
export function requiredPermissions(platform: PlatformKind, login: LoginKind): string[] {
  if (login === 'instagram')
    return ['instagram_business_basic', 'instagram_business_content_publish'];
  if (platform === 'instagram') {
    return [
      'pages_show_list',
      'pages_read_engagement',
      'instagram_basic',
      'instagram_content_publish',
    ];
  }
  return ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'];
}

export interface HealthFacts {
  platform: PlatformKind;
  login: LoginKind;
  granted: readonly string[];
  /** null: never expires. */
  expiresAt: Date | null;
  /** Set when Meta says the token no longer works. */
  invalid: 'expired' | 'revoked' | null;
  now: Date;
  warningDays: number;
}

export interface HealthVerdict {
  health: ConnectionHealth;
  missingPermissions: string[];
  expiresInDays: number | null;
}

export function assessHealth(facts: HealthFacts): HealthVerdict {
  const missingPermissions = requiredPermissions(facts.platform, facts.login).filter(
    (p) => !facts.granted.includes(p),
  );
  const expiresInDays =
    facts.expiresAt === null
      ? null
      : Math.max(0, Math.ceil((facts.expiresAt.getTime() - facts.now.getTime()) / DAY_MS));
  let health: ConnectionHealth = 'healthy';
  if (facts.invalid === 'revoked') health = 'revoked';
  else if (facts.invalid === 'expired') health = 'expired';
  else if (facts.expiresAt !== null && facts.expiresAt.getTime() <= facts.now.getTime()) {
    health = 'expired';
  } else if (missingPermissions.length > 0) health = 'permission_missing';
  else if (expiresInDays !== null && expiresInDays <= facts.warningDays) health = 'expiring';
  return { health, missingPermissions, expiresInDays };
}

const LOGIN_NAMES: Record<LoginKind, string> = { facebook: 'Facebook', instagram: 'Instagram' };

/** The one sentence that tells the person what to do. */
export function fixFor(
  health: ConnectionHealth,
  login: LoginKind,
  missingPermissions: readonly string[],
  expiresInDays: number | null,
): string | null {
  const via = LOGIN_NAMES[login];
  switch (health) {
    case 'healthy':
      return null;
    case 'expiring':
      return `Access ends in ${expiresInDays ?? 0} ${expiresInDays === 1 ? 'day' : 'days'}. Reconnect with ${via} to renew it.`;
    case 'expired':
      return `Access has expired. Reconnect with ${via} to keep publishing.`;
    case 'revoked':
      return `Access was removed on ${via}. Reconnect and approve Soci Gen again.`;
    case 'permission_missing':
      return `Reconnect and grant ${missingPermissions.join(', ')}.`;
  }
}
