import { isRoleAllowed } from '@makazi/domain';
import { Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { sessionRoleList, useSession, useWorkContext } from '../../lib/session';
import { DarajaSettingsCard } from './daraja-settings';
import { PaybillSettings } from './paybill-settings';
import { CheckCodeCard, PullNowCard } from './pull-and-check';
import { ReconciliationView } from './reconciliation-view';
import { StatementImport } from './statement-import';
import { UnmatchedQueue } from './unmatched-queue';

export const MPESA_TABS = {
  queue: 'unmatched',
  paybill: 'paybill',
  statement: 'statement',
  reconciliation: 'reconciliation',
} as const;

/** M-Pesa: the unmatched queue for anyone who takes payments; the paybill, imports and reconciliation for admins. */
export function MpesaPage() {
  const { tab: requested = MPESA_TABS.queue } = useParams();
  const navigate = useNavigate();
  const { t } = useT();
  const { session } = useSession();
  const { space, role, managingAgentId } = useWorkContext();
  if (!managingAgentId || !space) return <NoWorkAccount />;
  const admin = isRoleAllowed(role, sessionRoleList(session, 'adminOnlyAllowed'));
  const tab = admin || requested === MPESA_TABS.queue ? requested : MPESA_TABS.queue;

  return (
    <Stack gap="md">
      <Title order={2}>{t('mpesa.title')}</Title>
      <Tabs value={tab} onChange={(value) => value && navigate(paths.pm.mpesaTab.getHref(space, value))}>
        <Tabs.List>
          <Tabs.Tab value={MPESA_TABS.queue}>{t('mpesa.tabs.queue')}</Tabs.Tab>
          {admin ? <Tabs.Tab value={MPESA_TABS.paybill}>{t('mpesa.tabs.paybill')}</Tabs.Tab> : null}
          {admin ? <Tabs.Tab value={MPESA_TABS.statement}>{t('mpesa.tabs.statement')}</Tabs.Tab> : null}
          {admin ? <Tabs.Tab value={MPESA_TABS.reconciliation}>{t('mpesa.tabs.reconciliation')}</Tabs.Tab> : null}
        </Tabs.List>
      </Tabs>
      {tab === MPESA_TABS.paybill ? <PaybillSettings managingAgentId={managingAgentId} /> : null}
      {tab === MPESA_TABS.paybill ? <DarajaSettingsCard managingAgentId={managingAgentId} /> : null}
      {tab === MPESA_TABS.statement ? <StatementImport managingAgentId={managingAgentId} /> : null}
      {tab === MPESA_TABS.reconciliation ? <ReconciliationView managingAgentId={managingAgentId} /> : null}
      {tab === MPESA_TABS.queue ? <PullNowCard managingAgentId={managingAgentId} /> : null}
      {tab === MPESA_TABS.queue ? <CheckCodeCard managingAgentId={managingAgentId} /> : null}
      {tab === MPESA_TABS.queue ? <UnmatchedQueue managingAgentId={managingAgentId} /> : null}
    </Stack>
  );
}
