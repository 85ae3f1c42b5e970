// The AI content feature's public entry: what other features may use (src/web/README.md). The
// calendar's ideas tray offers the variants not used yet and saves one as a post to plan it
// (docs/decisions/078).
export { useSaveVariant } from './api/ai-content-api.ts';
export {
  unusedVariants,
  useUnusedVariants,
  type UnusedVariant,
} from './api/use-unused-variants.ts';
