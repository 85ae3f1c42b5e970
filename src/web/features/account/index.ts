// The account feature's public entry: what other features may use (src/web/README.md).
export { accountApi, accountKeys } from './api/account-api.ts';
export { accountSecurityApi, accountSecurityKeys } from './api/account-security-api.ts';
export { ImagePicker } from './components/image-picker.tsx';
export { describePlan, trialDaysLeft } from './lib/subscription.ts';
