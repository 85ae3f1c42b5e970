// The subscription feature's public entry: what other features may use (src/web/README.md).
export { subscriptionApi } from './api/subscription-api.ts';
export { FeatureGate, UpgradePrompt } from './components/feature-gate.tsx';
export { InactiveAccountRedirect } from './components/inactive-account-redirect.tsx';
