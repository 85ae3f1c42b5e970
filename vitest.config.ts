import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects in one run: the server (Node, real database) and the web app (jsdom).
// Server test files share one database per worker (see src/server/test/db.ts), so files
// run without isolation inside a worker and every test creates its own users.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/simulators/**/*.test.ts',
          ],
          setupFiles: ['src/server/test/setup.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          isolate: false,
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
