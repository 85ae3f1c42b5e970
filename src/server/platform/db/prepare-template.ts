import { ensureDatabaseTemplate } from './template.ts';

// Makes the template of new embedded data directories now instead of at the first start on one
// (scripts/build.mjs runs it as dist/server/prepare-template.mjs; decision 019). Progress goes
// to stderr; the template's directory, as JSON, to stdout. PGlite, drizzle and pg-boss load only
// when the template has to be made.
const template = await ensureDatabaseTemplate({
  log: {
    info: (message) => console.error(message),
    warn: (object, message) => console.error(message, object),
  },
});
console.log(JSON.stringify({ template }));
