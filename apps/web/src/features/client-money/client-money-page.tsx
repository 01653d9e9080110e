import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import { ClientAccounts } from './client-accounts';
import { ReconcileForm } from './reconcile-form';
import { ReconciliationsList } from './reconciliations-list';
import { YearEndPackView } from './year-end-pack';

/** Landlord money → Client money (docs/landlord-money.md#client-money): accounts, a day's reconciliation, the record, the accountant's pack. */
export function ClientMoneyPage() {
  const { t } = useT();
  const { space, managingAgentId } = useWorkContext();
  if (!managingAgentId || !space) return <NoWorkAccount />;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.pm.landlordMoneyTab.getHref(space, 'balances')} size="sm">
        ← {t('landlordMoney.title')}
      </Anchor>
      <Title order={2}>{t('clientMoney.title')}</Title>
      <ClientAccounts managingAgentId={managingAgentId} />
      <ReconcileForm managingAgentId={managingAgentId} />
      <ReconciliationsList managingAgentId={managingAgentId} />
      <YearEndPackView managingAgentId={managingAgentId} />
    </Stack>
  );
}
