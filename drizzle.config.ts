import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema. Roles, grants and row-level security are written by
// hand in their own migrations (drizzle-kit emits neither FORCE nor GRANT).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/platform/db/schema.ts',
  out: './db/migrations',
  schemaFilter: ['public', 'auth', 'system'],
});
