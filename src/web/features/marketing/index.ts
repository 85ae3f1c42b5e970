// The public pages' entry: what other features may use (src/web/README.md).
export { formatPrice } from './lib/format.ts';
