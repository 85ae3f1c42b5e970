import console from 'node:console';
import process from 'node:process';
import { build } from './build.mjs';

// `npm start` (and `npm run worker`): builds what changed since the last build (scripts/build.mjs:
// the web app, the server bundle, the database template), then runs the compiled server in this
// process. `npm run serve` and `npm run dev` run the TypeScript through tsx instead.
//
//   node scripts/start.mjs          the HTTP process (and, embedded, the job workers)
//   node scripts/start.mjs worker   a job worker process (PostgreSQL installations)

const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
try {
  await build({
    ifChanged: true,
    web: entry === 'main',
    // The template serves only new embedded data directories.
    template: !process.env.DATABASE_URL,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Stack traces name the bundle's lines; `NODE_OPTIONS=--enable-source-maps npm start` maps them
// to the TypeScript (dist/server/*.mjs.map), for about a tenth of a second more at start.
await import(`../dist/server/${entry}.mjs`);
