import { TENANCY_MESSAGES } from '@makazi/domain';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { sessionRoleList, useSession, useWorkContext } from '../../../lib/session';
import { tenancyQuery } from '../api/tenancy';
import { TenancyChargesCard } from '../../../components/charges/tenancy-charges-card';
import { RentReviewsCard } from './rent-reviews-card';
import { ReminderOptOut } from './reminder-opt-out';
import { StatementSection } from './statement-section';
import { TenancyPanels } from './tenancy-panels';
import { TenantLinkPanel } from './tenant-link-panel';
import { useT } from '../../../lib/i18n';

/** tenancymanagement/tenancies/{TenancyId} (docs/screens.md#tenancy-details): details, statement, print. */
export function TenancyDetailsPage() {
  const { TenancyId } = useParams();
  const tenancyId = Number(TenancyId);
  const { space, managingAgentId, role } = useWorkContext();
  const { session } = useSession();
  const { t, tm } = useT();
  const tenancy = useQuery({ ...tenancyQuery(managingAgentId ?? 0, tenancyId), enabled: managingAgentId !== null && tenancyId > 0 });

  if (!managingAgentId || !space) return <NoWorkAccount />;
  const back = (
    <Anchor component={Link} to={paths.pm.tenancies.getHref(space)} size="sm">
      {t('tenancies.details.back')}
    </Anchor>
  );
  if (!Number.isInteger(tenancyId) || tenancyId <= 0 || (tenancy.error instanceof ApiError && tenancy.error.status === 404)) {
    return (
      <Stack gap="md">
        {back}
        <Text>{tm(TENANCY_MESSAGES.notFound)}</Text>
      </Stack>
    );
  }
  if (tenancy.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" variant="light" role="alert">
          {tm(TENANCY_MESSAGES.cannotGet)}
        </Alert>
      </Stack>
    );
  }
  if (!tenancy.data) return <Text c="dimmed">{t('tenancies.details.loading')}</Text>;

  const data = tenancy.data;
  const isAdmin = data.managingAgentId === managingAgentId && role !== null && sessionRoleList(session, 'adminOnlyAllowed').includes(role);
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          {t('tenancies.details.title', { id: data.TenancyId, tenant: data.Tenant_name })}
        </Title>
        <Group gap="md">
          {data.EndDate ? <Text c="dimmed">{t('tenancies.details.terminated')}</Text> : null}
          {role !== null && sessionRoleList(session, 'adminOnlyAllowed').includes(role) ? (
            <Anchor component={Link} to={paths.pm.audit.getHref(space, { table: 'tenancies', recordId: data.TenancyId })} size="sm">
              {t('tenancies.details.history')}
            </Anchor>
          ) : null}
        </Group>
      </Group>
      {data.managingAgentId !== managingAgentId ? (
        <Alert color="yellow" variant="light">
          {tm(TENANCY_MESSAGES.notManagedHere)}
        </Alert>
      ) : null}
      {data.BusinessTenantWithoutPin ? (
        <Alert color="yellow" variant="light" role="status">
          {t('tenancies.details.businessNoPin')}
        </Alert>
      ) : null}
      <TenancyPanels tenancy={data} />
      {data.managingAgentId === managingAgentId ? <TenantLinkPanel tenancy={data} managingAgentId={managingAgentId} /> : null}
      <RentReviewsCard managingAgentId={managingAgentId} tenancyId={data.TenancyId} />
      <TenancyChargesCard managingAgentId={managingAgentId} tenancyId={data.TenancyId} canWaive={isAdmin} />
      {data.managingAgentId === managingAgentId && !data.EndDate ? (
        <ReminderOptOut managingAgentId={managingAgentId} tenancyId={data.TenancyId} canChange={isAdmin} />
      ) : null}
      <StatementSection tenancy={data} managingAgentId={managingAgentId} canReverse={isAdmin} />
    </Stack>
  );
}
