import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Celebration } from '../../components/celebration';
import { reauthenticate } from '../../lib/auth';
import { useSession, useSessionStore, useSwitchSpace } from '../../lib/session';
import { CreateAgencyAccountForm } from './create-agency-account-form';
import { useT } from '../../lib/i18n';

type Created = { Self: 0 | 1; AgentName: string };

/** /propertymanagement/createagencyaccount: a landlord or agency account of one's own. */
export function CreateAgencyAccountPage() {
  const { session } = useSession();
  const store = useSessionStore();
  const { t } = useT();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<Created | null>(null);
  // Read once: the session gains the new account before the success screen shows.
  const [hadAccount] = useState(session.adminAgentId !== null);

  const onCreated = async ({ Self, AgentName }: Created) => {
    // The session picks the new account up without signing in again.
    try {
      await reauthenticate(store);
    } catch {
      // The account exists either way; the next refresh brings it in.
    }
    await queryClient.invalidateQueries({ queryKey: ['agent-accounts'] });
    setCreated({ Self, AgentName });
  };

  return (
    <Container size={520} px={{ base: 'xs', sm: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        {created ? (
          <AccountCreated created={created} />
        ) : hadAccount ? (
          <Alert color="blue" variant="light">
            {t('messages.agent.alreadyHasAccount')}
          </Alert>
        ) : (
          <>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {t('agency.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('agency.intro')}
              </Text>
            </Stack>
            <CreateAgencyAccountForm clientNo={session.clientNo} onCreated={onCreated} />
          </>
        )}
      </Paper>
    </Container>
  );
}

function AccountCreated({ created }: { created: Created }) {
  const switchSpace = useSwitchSpace();
  const landlord = created.Self === 1;
  const { t } = useT();
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <Celebration />
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {t('messages.agent.created')}
      </Title>
      <Text c="dimmed" maw={380}>
        {landlord
          ? t('agency.landlordReady', { name: created.AgentName })
          : t('agency.agencyReady', { name: created.AgentName })}
      </Text>
      <Button size="md" mt="sm" miw={180} onClick={() => switchSpace(landlord ? 'myspace' : 'agency')}>
        {landlord ? t('agency.goMySpace') : t('agency.goMyAgency')}
      </Button>
    </Stack>
  );
}
