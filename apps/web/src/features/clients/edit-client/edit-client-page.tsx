import type { Client } from '@makazi/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ClientSearchDialog } from '../../../components/client-search/client-search-dialog';
import { NoWorkAccount } from '../../../components/no-work-account';
import { useWorkContext } from '../../../lib/session';
import { ClientContactForm } from './client-contact-form';

/** client/editclientdetails (docs/screens.md#clients): find a client, then correct their contacts. */
export function EditClientPage() {
  const { managingAgentId } = useWorkContext();
  const [searching, setSearching] = useState(false);
  const [client, setClient] = useState<Client | null>(null);
  if (!managingAgentId) return <NoWorkAccount />;

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Edit Client</Title>
          <Text c="dimmed" size="sm">
            Search for the client, then edit their name, email or phone number.
          </Text>
        </div>
        <Button variant={client ? 'default' : 'filled'} onClick={() => setSearching(true)}>
          Search Client
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
            No client selected. Use Search Client to find one.
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
