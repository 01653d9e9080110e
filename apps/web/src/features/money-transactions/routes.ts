import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

const page = async () => ({
  Component: guarded('allowedMakeCashPayments', (await import('./money-transactions-page')).MoneyTransactionsPage),
});

/** PMMoneyTransactions and PMMoneyTransactions/{id}. */
export const moneyTransactionRoutes: RouteObject[] = [
  { path: paths.pm.moneyTransactions.path, lazy: page },
  { path: paths.pm.moneyTransactionsTab.path, lazy: page },
];
