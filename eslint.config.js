import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureBoundariesPlugin } from './eslint-rules/feature-boundaries.js';
import { serverLayersPlugin } from './eslint-rules/server-layers.js';
import { dateFormatPlugin } from './eslint-rules/no-own-date-format.js';

/** The repository's own rules. */
const cosa = {
  rules: {
    ...featureBoundariesPlugin.rules,
    ...serverLayersPlugin.rules,
    ...dateFormatPlugin.rules,
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Files stay readable by holding one concern each: split a file that grows past this.
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // contracts is shared by server and web: it must not reach into either
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@cosa/server*', '@cosa/web*', '**/apps/**'] }],
    },
  },
  {
    // every date and time on the pages goes through lib/format.ts, in one style (decision 0025)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', '**/*.test.{ts,tsx}'],
    plugins: { cosa },
    rules: {
      'cosa/no-own-date-format': 'error',
    },
  },
  {
    // web features do not import each other; shared code lives in components/, lib/ or app/
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { cosa },
    rules: {
      'cosa/feature-boundaries': 'error',
    },
  },
  {
    // the server's layers (design.md section 3): modules meet through services and never in a
    // circle, plugins only hook, lib/ and db/ sit below the modules, policies are pure; see the rule
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { cosa },
    rules: {
      'cosa/server-layers': 'error',
    },
  },
);
