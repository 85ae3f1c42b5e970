// The error pages' public entry: what other features may use (src/web/README.md).
export { RouteErrorBoundary } from './route-error.tsx';
