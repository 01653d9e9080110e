import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

const page = async () => ({
  Component: guarded('allowedMakeCashPayments', (await import('./money-transactions-page')).MoneyTransactionsPage),
});

/**
 * PMMoneyTransactions and PMMoneyTransactions/{id} as one route: moving between
 * tabs with the arrow keys keeps the page, and the focus on its tab bar.
 */
export const moneyTransactionRoutes: RouteObject[] = [{ path: paths.pm.moneyTransactionsTab.path, lazy: page }];
