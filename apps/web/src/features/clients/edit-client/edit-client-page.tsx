import type { Client } from '@makazi/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ClientSearchDialog } from '../../../components/client-search/client-search-dialog';
import { NoWorkAccount } from '../../../components/no-work-account';
import { useWorkContext } from '../../../lib/session';
import { ClientContactForm } from './client-contact-form';
import { useT } from '../../../lib/i18n';

/** client/editclientdetails (docs/screens.md#clients): find a client, then correct their contacts. */
export function EditClientPage() {
  const { managingAgentId } = useWorkContext();
  const [searching, setSearching] = useState(false);
  const [client, setClient] = useState<Client | null>(null);
  const { t } = useT();
  if (!managingAgentId) return <NoWorkAccount />;

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('clientScreens.editTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('clientScreens.editIntro')}
          </Text>
        </div>
        <Button variant={client ? 'default' : 'filled'} onClick={() => setSearching(true)}>
          {t('clientScreens.searchClient')}
        </Button>
      </Group>
      {client ? (
        <ClientContactForm
          key={client.ClientNo}
          client={client}
          managingAgentId={managingAgentId}
          onSaved={setClient}
          onClose={() => setClient(null)}
        />
      ) : (
        <Card withBorder radius="md" padding="xl">
          <Text c="dimmed" ta="center">
            {t('clientScreens.noneSelected')}
          </Text>
        </Card>
      )}
      <ClientSearchDialog
        opened={searching}
        onClose={() => setSearching(false)}
        managingAgentId={managingAgentId}
        onSelect={setClient}
      />
    </Stack>
  );
}
