import { isRoleAllowed, MONEY_TRANSACTION_TABS } from '@makazi/domain';
import { Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { paths } from '../../config/paths';
import { sessionRoleList, useSession, useWorkContext } from '../../lib/session';
import { InvoiceRuns } from './invoicing/invoice-runs';
import { ReceiptsList } from './payments/receipts-list';
import { LedgersTable } from './receipts/ledgers-table';
import { ReceivePaymentForm } from './receipts/receive-payment-form';
import { useT } from '../../lib/i18n';

const { receipts, payments, invoicing } = MONEY_TRANSACTION_TABS;

/**
 * PMMoneyTransactions/{id} (docs/screens.md#money-transactions): rct receives rent (the default), pymnt
 * lists payments received, inv the invoice runs; anything else the ledgers.
 * Payments and invoicing are for admin roles only.
 */
export function MoneyTransactionsPage() {
  const { id = receipts } = useParams();
  const navigate = useNavigate();
  const { t } = useT();
  const { session } = useSession();
  const { space, role, managingAgentId } = useWorkContext();
  if (!managingAgentId || !space) return <NoWorkAccount />;
  const admin = isRoleAllowed(role, sessionRoleList(session, 'adminOnlyAllowed'));
  const tab = (id === payments || id === invoicing) && !admin ? null : id;

  let content;
  if (tab === receipts) {
    content = (
      <>
        <ReceivePaymentForm managingAgentId={managingAgentId} />
        <LedgersTable managingAgentId={managingAgentId} />
      </>
    );
  } else if (tab === payments) content = <ReceiptsList managingAgentId={managingAgentId} />;
  else if (tab === invoicing) content = <InvoiceRuns managingAgentId={managingAgentId} />;
  else content = <LedgersTable managingAgentId={managingAgentId} />;

  return (
    <Stack gap="md">
      <Title order={2}>{t('money.title')}</Title>
      <Tabs value={tab} onChange={(value) => value && navigate(paths.pm.moneyTransactionsTab.getHref(space, value))}>
        <Tabs.List>
          <Tabs.Tab value={receipts}>{t('money.tabs.receipts')}</Tabs.Tab>
          {admin ? <Tabs.Tab value={payments}>{t('money.tabs.payments')}</Tabs.Tab> : null}
          {admin ? <Tabs.Tab value={invoicing}>{t('money.tabs.invoicing')}</Tabs.Tab> : null}
        </Tabs.List>
      </Tabs>
      {content}
    </Stack>
  );
}
