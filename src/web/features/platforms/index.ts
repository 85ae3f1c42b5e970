// The platforms feature's public entry: what other features may use (src/web/README.md).
export { useConnections } from './api/platforms-api.ts';
export { PlatformIcon } from './components/brand-icons.tsx';
export { ContinueWithFacebook } from './components/continue-with-facebook.tsx';
export { PlatformsAttentionBadge } from './components/platforms-attention-badge.tsx';
export { HEALTH_VARIANTS, healthLabel, PLATFORM_LABELS } from './lib/health.ts';
