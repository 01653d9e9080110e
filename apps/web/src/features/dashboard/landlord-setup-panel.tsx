import { AGENT_TYPE } from '@makazi/domain';
import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { paths, type Space } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import { landlordSetupQuery } from './api/get-landlord-setup';

/**
 * The landlord-money setup checklist (issue 32, point 7): shown to an agency's
 * admin until every property has its management agreement (commission, or an
 * explicit 0%, and payout details) and every landlord their KRA PIN, so rent
 * never comes in with no commission and no tax by oversight.
 */
export function LandlordSetupPanel({ space, agentId }: { space: Space; agentId: number }) {
  const { role } = useWorkContext();
  const admin = role === AGENT_TYPE.AGENCY_ADMIN;
  const setup = useQuery({ ...landlordSetupQuery(agentId), enabled: admin });
  const { t } = useT();
  if (!admin || !setup.data || setup.data.Complete) return null;
  const { MissingAgreements, MissingPins } = setup.data;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="dashboard-landlord-setup"
    >
      <Title order={2} fz="lg" mb="xs" id="dashboard-landlord-setup">
        {t('dashboard.setup.title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('dashboard.setup.intro')}
      </Text>
      <List size="sm" spacing={4}>
        {MissingAgreements.map((p) => (
          <List.Item key={`agreement-${p.PropId}`}>
            <Anchor component={Link} to={paths.pm.landlordMoneyTab.getHref(space, 'agreements')} size="sm">
              {t('dashboard.setup.agreement', { property: p.Property_name, landlord: p.Landlord_name })}
            </Anchor>
          </List.Item>
        ))}
        {MissingPins.map((l) => (
          <List.Item key={`pin-${l.LandlordNo}`}>
            <Anchor component={Link} to={paths.pm.landlordMoneyTab.getHref(space, 'mri')} size="sm">
              {t('dashboard.setup.pin', { landlord: l.Landlord_name })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
