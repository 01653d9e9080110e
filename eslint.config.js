import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import i18nRules from './scripts/eslint/no-literal-jsx-text.js';

/**
 * Every component's texts come from the i18n catalogue: literal JSX text in
 * any .tsx under apps/web/src fails lint (docs/i18n.md). The only files left
 * out are below, each with why; a new screen is covered from its first line.
 */
const TRANSLATED_SCREENS = ['apps/web/src/**/*.tsx'];
const LITERAL_TEXT_ALLOWED = {
  // Tests assert what a screen shows, in both languages; kits build their fixtures.
  '**/*.test.tsx': 'tests',
  '**/*-test-kit.tsx': 'test fixtures',
};

const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/.stryker-tmp/**',
      '**/reports/mutation/**',
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The flow is one-way: shared code → features → app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'Features do not import each other: move shared pieces to src/components or packages/domain.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      // Plugins and the HTTP layer reach modules through app.services, never by importing them.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/server/src/plugins', './apps/server/src/http', './apps/server/src/security'],
              from: './apps/server/src/modules',
              message: 'Plugins call modules through app.services.',
            },
            {
              target: './apps/server/src/modules/*/*routes.ts',
              from: [
                './apps/server/src/modules/*/repository.ts',
                './apps/server/src/modules/*/*-repository.ts',
                './apps/server/src/db/schema/*',
              ],
              message: 'Routes call services; SQL lives in repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/*service.ts'],
    rules: {
      // Services decide; the SQL they need lives in repositories.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm*'], message: 'SQL lives in repositories.' }] },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      // The domain package is pure: no I/O, usable by both apps.
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fastify*', 'react*', 'pg', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: TRANSLATED_SCREENS,
    ignores: Object.keys(LITERAL_TEXT_ALLOWED),
    plugins: { i18n: i18nRules },
    rules: { 'i18n/no-literal-jsx-text': 'error' },
  },
);
