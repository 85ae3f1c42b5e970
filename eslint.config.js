import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
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

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
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
