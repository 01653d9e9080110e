import { defineProject } from 'vitest/config';

/**
 * The tests StrykerJS runs against the server's money modules
 * (stryker.config.mjs): those that post, reverse, settle, invoice and take
 * M-Pesa money. The model-based tests are left out: each of their runs takes
 * minutes, and Stryker would run them again for every mutant they reach.
 */
export default defineProject({
  test: {
    name: 'server-money',
    include: [
      'src/modules/ledger/journal-guards.test.ts',
      'src/modules/ledger/journal-ownership-guards.test.ts',
      'src/modules/ledger/ledger-invariants.test.ts',
      'src/modules/ledger/receipt-writer.test.ts',
      'src/modules/money/*.test.ts',
      'src/modules/tenancies/settlement.test.ts',
      'src/modules/tenancies/tenancy-end.test.ts',
      'src/modules/invoicing/*.test.ts',
      'src/modules/mpesa/queue.test.ts',
      'src/modules/mpesa/statement-import.test.ts',
      'src/modules/mpesa/callbacks.test.ts',
      'src/modules/stk/stk.test.ts',
      // The landlord side (issue 32), its model-based test left out.
      'src/modules/landlord-money/*.test.ts',
      'src/modules/payouts/*.test.ts',
      'src/modules/rental-tax/*.test.ts',
      'src/modules/pass-through/*.test.ts',
      'src/modules/owner-statements/*.test.ts',
      'src/modules/expenses/*.test.ts',
      'src/modules/fee-transfers/*.test.ts',
      // The landlord's own approval of an expense above the agreement's amount (expenses/service.ts `decide`).
      'src/modules/landlord-view/landlord-view.test.ts',
      // The audit trail's read of each KRA PIN the landlords' balances show (landlord-money/service.ts `balances`).
      'src/modules/audit/kra-pin-reads.test.ts',
      // VAT on the agency's fees from the day it registered (decision 054): the only test of a VAT-registered agency's collections.
      'src/modules/vat/vat.test.ts',
    ],
    exclude: ['src/modules/landlord-money/closed-months-model.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    isolate: false,
  },
});
