// The billing feature's public entry: what other features may use (src/web/README.md).
export { PastDueBanner } from './components/past-due-banner.tsx';
export { UpgradeOffer } from './components/upgrade-offer.tsx';
