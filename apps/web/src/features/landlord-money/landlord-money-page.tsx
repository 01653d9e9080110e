import { Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { paths } from '../../config/paths';
import { useWorkContext } from '../../lib/session';
import { BalancesView } from './balances-view';
import { FeeTransfersView } from './fee-transfers-view';
import { OwnerStatementView } from './owner-statement-view';
import { RemittanceRun } from './remittance-run';
import { LandlordAccess } from './landlord-access';
import { ExpensesView } from './expenses-view';
import { AgreementsView } from './agreements-view';
import { MriView } from './mri-view';
import { VatView } from './vat-view';
import { PassThroughView } from './pass-through-view';
import { useT } from '../../lib/i18n';

export const LANDLORD_MONEY_TABS = {
  balances: 'balances',
  /** Its own page (features/client-money), at landlord-money/client-money. */
  clientMoney: 'client-money',
  statement: 'statement',
  remittance: 'remittance',
  agreements: 'agreements',
  expenses: 'expenses',
  passThrough: 'pass-through',
  mri: 'mri',
  access: 'access',
} as const;

/** The agency's books for its landlords: balances with the trust reconciliation, owner statements, the remittance run. */
export function LandlordMoneyPage() {
  const { tab = LANDLORD_MONEY_TABS.balances } = useParams();
  const navigate = useNavigate();
  const { t } = useT();
  const { space, managingAgentId } = useWorkContext();
  if (!managingAgentId || !space) return <NoWorkAccount />;

  return (
    <Stack gap="md">
      <Title order={2}>{t('landlordMoney.title')}</Title>
      <Tabs
        value={tab}
        onChange={(value) => value && navigate(paths.pm.landlordMoneyTab.getHref(space, value))}
      >
        <Tabs.List>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.balances}>{t('landlordMoney.tabs.balances')}</Tabs.Tab>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.clientMoney}>{t('clientMoney.title')}</Tabs.Tab>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.statement}>{t('landlordMoney.tabs.statement')}</Tabs.Tab>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.remittance}>{t('landlordMoney.tabs.remittance')}</Tabs.Tab>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.agreements}>{t('landlordView.agreement.tab')}</Tabs.Tab>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.expenses}>{t('landlordView.expenseForm.tab')}</Tabs.Tab>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.passThrough}>{t('passThrough.tab')}</Tabs.Tab>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.mri}>{t('landlordView.mri.tab')}</Tabs.Tab>
          <Tabs.Tab value={LANDLORD_MONEY_TABS.access}>{t('landlordView.access.tab')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === LANDLORD_MONEY_TABS.balances ? <BalancesView managingAgentId={managingAgentId} /> : null}
      {tab === LANDLORD_MONEY_TABS.balances ? <FeeTransfersView managingAgentId={managingAgentId} /> : null}
      {tab === LANDLORD_MONEY_TABS.statement ? (
        <OwnerStatementView managingAgentId={managingAgentId} />
      ) : null}
      {tab === LANDLORD_MONEY_TABS.remittance ? <RemittanceRun managingAgentId={managingAgentId} /> : null}
      {tab === LANDLORD_MONEY_TABS.agreements ? <AgreementsView managingAgentId={managingAgentId} /> : null}
      {tab === LANDLORD_MONEY_TABS.expenses ? <ExpensesView managingAgentId={managingAgentId} /> : null}
      {tab === LANDLORD_MONEY_TABS.passThrough ? <PassThroughView managingAgentId={managingAgentId} /> : null}
      {tab === LANDLORD_MONEY_TABS.mri ? (
        <>
          <MriView managingAgentId={managingAgentId} />
          <VatView managingAgentId={managingAgentId} />
        </>
      ) : null}
      {tab === LANDLORD_MONEY_TABS.access ? <LandlordAccess managingAgentId={managingAgentId} /> : null}
    </Stack>
  );
}
