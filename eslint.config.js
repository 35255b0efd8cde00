// Lint rules. Which folder may import which is one table, eslint-rules/layers.js (ARCHITECTURE.md);
// here: the packages a layer may not import (shared/ no node, electron or React; renderer/ no
// node), and only electron/main.ts and preload.ts import electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layers.js';
import { untrustedTextConfigs } from './eslint-rules/untrusted-text.js';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'url', 'crypto', 'events'];

// Packages all of shared/ may not import. Which folder may import which is eslint-rules/layers.js.
const sharedImports = {
  paths: ['electron', 'react', 'react-dom'].map((name) => ({
    name,
    message: 'shared/ runs in both processes: no electron, no React.',
  })),
  patterns: [{ group: nodeBuiltins, message: 'shared/ is pure: pass a FileSystem in, do not import node.' }],
};

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
    // The layers of ARCHITECTURE.md, one table (eslint-rules/layers.js); applies to every file.
    plugins: { local: layers },
    rules: { 'local/layers': 'error' },
  },
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
      'no-restricted-imports': ['error', sharedImports],
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
          paths: [
            { name: 'electron', message: 'renderer/ talks to the main side only through InspectorApi.' },
          ],
          patterns: [{ group: nodeBuiltins, message: 'renderer/ runs in a browser sandbox.' }],
        },
      ],
    },
  },
  // Workspace text reaches the screen as text: no HTML sinks, Monaco markdown only through the
  // escaper (eslint-rules/untrusted-text.js).
  ...untrustedTextConfigs,
  {
    files: ['electron/main.ts', 'electron/preload.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: [
      'electron/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'kits/**/*.ts',
      'scripts/**/*.mjs',
      '*.js',
      '*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
);
