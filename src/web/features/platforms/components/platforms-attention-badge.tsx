import { useConnections } from '../api/platforms-api.ts';
import { needsReconnect } from '../lib/health.ts';

/**
 * Beside "Platforms" in the sidebar: how many connected accounts need reconnecting (expiring,
 * expired, revoked, missing a permission). The dashboard-wide notice of a token about to expire.
 */
export function PlatformsAttentionBadge() {
  const connections = useConnections();
  const count = connections.data?.filter(needsReconnect).length ?? 0;
  if (count === 0) return null;
  return (
    <span
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-amber-400/20 px-1.5 py-0.5 text-[0.7rem] font-semibold text-amber-300"
      title={`${count} ${count === 1 ? 'account needs' : 'accounts need'} reconnecting`}
    >
      {count}
      <span className="sr-only"> {count === 1 ? 'account needs' : 'accounts need'} attention</span>
    </span>
  );
}
