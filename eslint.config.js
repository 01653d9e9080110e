import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import i18nRules from './scripts/eslint/no-literal-jsx-text.js';

/**
 * Screens whose texts all come from the i18n catalogue: literal JSX text there
 * fails lint. The list grows as screens are converted (docs/i18n.md).
 */
const TRANSLATED_SCREENS = [
  'apps/web/src/app/layout/footer.tsx',
  'apps/web/src/app/layout/account-label.tsx',
  'apps/web/src/app/layout/navbar.tsx',
  'apps/web/src/app/layout/root-layout.tsx',
  'apps/web/src/app/layout/sidebar.tsx',
  'apps/web/src/app/layout/profile-menu.tsx',
  'apps/web/src/app/layout/property-management-menu.tsx',
  'apps/web/src/components/language/**/*.tsx',
  'apps/web/src/features/welcome/**/*.tsx',
  'apps/web/src/features/auth/sign-in/**/*.tsx',
  'apps/web/src/features/auth/sign-up/**/*.tsx',
  'apps/web/src/features/auth/components/**/*.tsx',
  'apps/web/src/features/profile/profile-page.tsx',
  'apps/web/src/features/profile/user-details.tsx',
  'apps/web/src/features/profile/agent-accounts-managed.tsx',
  'apps/web/src/features/clients/add-client/add-client-page.tsx',
  'apps/web/src/features/agents/create-agency-account-form.tsx',
  'apps/web/src/features/agents/create-agency-account-page.tsx',
  'apps/web/src/features/properties/add-property/add-property-form.tsx',
  'apps/web/src/features/clients/edit-client/client-contact-form.tsx',
  'apps/web/src/components/no-work-account.tsx',
  'apps/web/src/components/next-step.tsx',
  'apps/web/src/features/dashboard/**/*.tsx',
  'apps/web/src/features/properties/**/*.tsx',
  'apps/web/src/features/clients/**/*.tsx',
  'apps/web/src/components/client-search/**/*.tsx',
  'apps/web/src/features/tenancies/**/*.tsx',
  'apps/web/src/components/tenancies/**/*.tsx',
  'apps/web/src/components/export-csv-button.tsx',
  'apps/web/src/components/reverse-transaction.tsx',
  'apps/web/src/components/confirm-dialog.tsx',
  'apps/web/src/components/charges/tenancy-charges-card.tsx',
  'apps/web/src/components/charges/property-charges-card.tsx',
  'apps/web/src/components/charges/point-at-charge.tsx',
  'apps/web/src/features/money-transactions/**/*.tsx',
  'apps/web/src/features/admin/admin-page.tsx',
  'apps/web/src/features/admin/tenancies/**/*.tsx',
  'apps/web/src/features/admin/users/users-tab.tsx',
  'apps/web/src/features/admin/vacancy-listing-card.tsx',
  'apps/web/src/features/find-house/**/*.tsx',
  'apps/web/src/features/water/**/*.tsx',
  'apps/web/src/features/reminders/**/*.tsx',
  'apps/web/src/features/landlord-view/**/*.tsx',
  'apps/web/src/features/landlord-money/landlord-access.tsx',
  'apps/web/src/features/landlord-money/expenses-view.tsx',
  'apps/web/src/features/landlord-money/agreements-view.tsx',
  'apps/web/src/features/landlord-money/mri-view.tsx',
  'apps/web/src/features/landlord-money/pass-through-view.tsx',
  'apps/web/src/features/landlord-money/pay-onward-form.tsx',
  'apps/web/src/components/landlord/paid-onward-part.tsx',
  'apps/web/src/features/mpesa/**/*.tsx',
  'apps/web/src/features/admin/users/**/*.tsx',
  'apps/web/src/features/profile/**/*.tsx',
  'apps/web/src/features/outbox/**/*.tsx',
  'apps/web/src/features/audit/**/*.tsx',
  'apps/web/src/features/agents/**/*.tsx',
  'apps/web/src/features/errors/**/*.tsx',
  'apps/web/src/components/page-loader.tsx',
  'apps/web/src/app/layout/space-guard.tsx',
  'apps/web/src/features/landlord-money/balances-view.tsx',
  'apps/web/src/features/landlord-money/owner-statement-view.tsx',
  'apps/web/src/features/landlord-money/remittance-run.tsx',
  'apps/web/src/features/landlord-money/landlord-money-page.tsx',
  'apps/web/src/features/landlord-money/money-section.tsx',
  'apps/web/src/features/maintenance/**/*.tsx',
];

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
    ignores: ['**/*.test.tsx', '**/*-test-kit.tsx'],
    plugins: { i18n: i18nRules },
    rules: { 'i18n/no-literal-jsx-text': 'error' },
  },
);
