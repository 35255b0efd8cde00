// Lint rules, including the layering of STYLE.md: shared/ imports no node, DOM or electron;
// renderer/ imports nothing from electron/; only electron/main.ts and preload.ts import electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'url', 'crypto', 'events'];

// What all of shared/ may not import (the engine adds its own floor on top).
const sharedPatterns = [
  { group: nodeBuiltins, message: 'shared/ is pure: pass a FileSystem in, do not import node.' },
  {
    group: ['electron', '**/electron/**', '**/renderer/**', 'react', 'react-dom'],
    message: 'shared/ imports neither electron/ nor renderer/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'out/',
      'release/',
      'test-results/',
      'playwright-report/',
      'kits/demo-home/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main.ts and electron/preload.ts may import electron.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: sharedPatterns,
        },
      ],
    },
  },
  {
    // The engine is the floor of shared/: it knows nothing of the API, the views' helpers or the history.
    files: ['shared/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...sharedPatterns,
            {
              group: [
                '**/api',
                '**/api/**',
                '**/explain/**',
                '**/lint/**',
                '**/history/**',
                '**/override/**',
                '**/manifest/**',
                '**/scenarios/**',
                '**/vars/**',
                '**/debug-files/**',
                '**/claude-md/**',
                '**/claude-project/**',
              ],
              message: 'The engine imports only itself: the rest of shared/ builds on it, not the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main.ts and electron/preload.ts may import electron.',
            },
          ],
          patterns: [
            {
              group: ['**/renderer/**'],
              message: 'electron/ and renderer/ are side by side: share code through shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', '**/electron/**'],
              message: 'renderer/ talks to the main side only through InspectorApi.',
            },
            { group: nodeBuiltins, message: 'renderer/ runs in a browser sandbox.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['electron/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'kits/**/*.ts', '*.js', '*.ts'],
    languageOptions: { globals: globals.node },
  },
);
