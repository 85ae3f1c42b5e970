import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// Import zones: the web app and the server share only src/shared; neither imports the other.
const noServerInWeb = {
  patterns: [
    { group: ['#server/*', '**/server/**'], message: 'The web app may not import server code.' },
    {
      group: ['#simulators/*', '**/simulators/**'],
      message: 'The web app may not import simulators.',
    },
  ],
};
const noWebInServer = {
  patterns: [{ group: ['#web/*', '**/web/**'], message: 'The server may not import web code.' }],
};
const sharedIsIsomorphic = {
  patterns: [
    {
      group: ['#server/*', '#web/*', '#simulators/*'],
      message: 'src/shared imports nothing app-specific.',
    },
    { group: ['node:*'], message: 'src/shared runs in the browser too.' },
  ],
};

// Web features use each other only through a feature's public entry, features/<name>/index.ts
// (src/web/README.md); inside a feature, anything goes. Relative paths reach another feature's
// folder with one more '../' than the file's depth in its own feature, so the patterns are made
// per feature and depth.
const FEATURES_DIR = new URL('./src/web/features/', import.meta.url);
const WEB_FEATURES = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** How many folders deep a feature's files go (0: files at the feature's root). */
const folderDepth = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .reduce(
      (deepest, entry) => Math.max(deepest, 1 + folderDepth(new URL(`${entry.name}/`, dir))),
      0,
    );
const MAX_FEATURE_DEPTH = Math.max(
  ...WEB_FEATURES.map((f) => folderDepth(new URL(`${f}/`, FEATURES_DIR))),
);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const featureBoundaries = WEB_FEATURES.flatMap((feature) =>
  Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => {
    const up = escape('../'.repeat(depth + 1));
    // Another feature's folder (not this one's, not a step further up), anything but its entry.
    const other = `(?!${escape(feature)}/|\\.\\./)[^/]+/(?!index\\.ts$)`;
    return {
      files: [`src/web/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...noServerInWeb.patterns,
              {
                regex: `^${up}${other}`,
                message:
                  'Import another feature through its public entry, features/<name>/index.ts.',
              },
              {
                regex: `^(\\.\\./)+features/${other}|^#web/features/${other}`,
                message:
                  'Import another feature through its public entry, features/<name>/index.ts.',
              },
            ],
          },
        ],
      },
    };
  }),
);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      '.data-*',
      'db/migrations',
      'test-results',
      'playwright-report',
      'bench/report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', noServerInWeb],
    },
  },
  ...featureBoundaries,
  // No import cycles in the app's code (type-only imports do not count). The resolver finds the
  // `.ts` files and `#shared/*` paths as Node and Vite do.
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/server/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [
      'src/server/**/*.{ts,tsx}',
      'src/simulators/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
    ],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', noWebInServer],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through src/server/platform/env.ts.',
        },
      ],
    },
  },
  {
    files: [
      'src/server/platform/env.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'src/server/test/**/*.ts',
      'src/simulators/**/*.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', sharedIsIsomorphic] },
  },
  {
    files: ['*.config.{ts,js}', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
);
