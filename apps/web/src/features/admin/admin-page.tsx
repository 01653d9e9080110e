import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { paths } from '../../config/paths';
import { useWorkContext } from '../../lib/session';
import { TenanciesOverview } from './tenancies/tenancies-overview';
import { RegistrationCard } from './registration-card';
import { VatCard } from './vat-card';
import { VacancyListingCard } from './vacancy-listing-card';
import { UsersTab } from './users/users-tab';
import { useT } from '../../lib/i18n';

const TABS = ['home', 'users', 'tenancies'] as const;
type AdminTab = (typeof TABS)[number];

/** Admin (docs/screens.md#admin), with sub-tabs home, users and tenancies. */
export function AdminPage() {
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const { t } = useT();
  const { space, managingAgentId } = useWorkContext();
  if (!managingAgentId || !space) return <NoWorkAccount />;
  const tab: AdminTab = TABS.includes(param as AdminTab) ? (param as AdminTab) : 'home';

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(value) => value && navigate(paths.pm.adminTab.getHref(space, value))}>
        <Tabs.List>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`admin.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'home' ? (
        <Stack gap="xs">
          <Title order={2}>{t('admin.title')}</Title>
          <Text c="dimmed">{t('admin.intro')}</Text>
          <Anchor component={Link} to={paths.pm.reminders.getHref(space)}>
            {t('admin.reminders')}
          </Anchor>
          <Anchor component={Link} to={paths.pm.openingBalances.getHref(space)}>
            {t('admin.openingBalances')}
          </Anchor>
          <Anchor component={Link} to={paths.pm.bookImport.getHref(space)}>
            {t('admin.bookImport')}
          </Anchor>
          <RegistrationCard managingAgentId={managingAgentId} />
          <VatCard managingAgentId={managingAgentId} />
          <VacancyListingCard managingAgentId={managingAgentId} />
        </Stack>
      ) : null}
      {tab === 'users' ? <UsersTab agentId={managingAgentId} /> : null}
      {tab === 'tenancies' ? (
        <Stack gap="md">
          <Title order={2}>{t('admin.tenanciesTitle')}</Title>
          <TenanciesOverview managingAgentId={managingAgentId} />
        </Stack>
      ) : null}
    </Stack>
  );
}
