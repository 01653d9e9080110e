import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { paths } from '../../config/paths';
import { useWorkContext } from '../../lib/session';
import { TenanciesOverview } from './tenancies/tenancies-overview';
import { VacancyListingCard } from './vacancy-listing-card';
import { UsersTab } from './users/users-tab';

const TABS = ['home', 'users', 'tenancies'] as const;
type AdminTab = (typeof TABS)[number];
const LABELS: Record<AdminTab, string> = { home: 'Home', users: 'Users', tenancies: 'Tenancies' };

/** Admin (docs/screens.md#admin), with sub-tabs home, users and tenancies. */
export function AdminPage() {
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const { space, managingAgentId } = useWorkContext();
  if (!managingAgentId || !space) return <NoWorkAccount />;
  const tab: AdminTab = TABS.includes(param as AdminTab) ? (param as AdminTab) : 'home';

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(value) => value && navigate(paths.pm.adminTab.getHref(space, value))}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'home' ? (
        <Stack gap="xs">
          <Title order={2}>Admin</Title>
          <Text c="dimmed">Manage your account's users and tenancies, and run the monthly invoices.</Text>
          <Anchor component={Link} to={paths.pm.reminders.getHref(space)}>
            Arrears reminders by SMS
          </Anchor>
          <VacancyListingCard managingAgentId={managingAgentId} />
        </Stack>
      ) : null}
      {tab === 'users' ? <UsersTab agentId={managingAgentId} /> : null}
      {tab === 'tenancies' ? (
        <Stack gap="md">
          <Title order={2}>Tenancies</Title>
          <TenanciesOverview managingAgentId={managingAgentId} />
        </Stack>
      ) : null}
    </Stack>
  );
}
