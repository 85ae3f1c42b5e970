import type { Connection, ConnectionHealth } from '#shared/contracts/platforms.contract.ts';
import type { BadgeVariant } from '../../../components/ui/badge.tsx';

export const HEALTH_VARIANTS: Record<ConnectionHealth, BadgeVariant> = {
  healthy: 'success',
  expiring: 'warning',
  expired: 'destructive',
  revoked: 'destructive',
  permission_missing: 'warning',
};

/** "Healthy", "Expiring in 3 days", "Expired", "Revoked", "Permission missing". */
export function healthLabel(
  connection: Pick<Connection, 'health' | 'expires_in_days' | 'status'>,
): string {
  if (connection.status === 'disconnected') return 'Disconnected';
  switch (connection.health) {
    case 'healthy':
      return 'Healthy';
    case 'expiring': {
      const days = connection.expires_in_days ?? 0;
      return days === 0 ? 'Expires today' : `Expiring in ${days} ${days === 1 ? 'day' : 'days'}`;
    }
    case 'expired':
      return 'Expired';
    case 'revoked':
      return 'Revoked';
    case 'permission_missing':
      return 'Permission missing';
  }
}

export function needsReconnect(connection: Connection): boolean {
  return connection.status === 'connected' && connection.health !== 'healthy';
}

export const PLATFORM_LABELS = { facebook: 'Facebook Page', instagram: 'Instagram' } as const;
