// The auth feature's public entry: what other features may use (src/web/README.md).
export { AuthContext, useAuth, useUserId, type AuthContextValue } from './auth-context.ts';
export { applyServerErrors } from './lib/server-errors.ts';
export { RequireAuth } from './require-auth.tsx';
