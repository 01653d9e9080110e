import { Alert, Button, Card, Checkbox, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paybill } from '@makazi/domain';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { mpesaKey, paybillQuery, rotateToken, savePaybill } from './api/mpesa';

/** The agency's paybill: shortcode, validation, allowed addresses, and the callback URLs to register with Safaricom. */
export function PaybillSettings({ managingAgentId }: { managingAgentId: number }) {
  const paybill = useQuery(paybillQuery(managingAgentId));
  if (paybill.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        Something Went wrong. Try Again Later
      </Alert>
    );
  }
  if (!paybill.data) return <Text c="dimmed">Loading</Text>;
  // Keyed by what was saved: the form starts again from the saved settings.
  return (
    <PaybillForm key={JSON.stringify(paybill.data)} managingAgentId={managingAgentId} saved={paybill.data} />
  );
}

function PaybillForm({ managingAgentId, saved }: { managingAgentId: number; saved: Paybill }) {
  const client = useQueryClient();
  const [shortcode, setShortcode] = useState(saved.shortcode);
  const [strict, setStrict] = useState(saved.strictValidation);
  const [ips, setIps] = useState(saved.allowedIps);

  const done = (message: string) => async () => {
    notifications.show({ color: 'teal', message });
    await client.invalidateQueries({ queryKey: mpesaKey(managingAgentId) });
  };
  const save = useMutation({
    mutationFn: () => savePaybill({ managingAgentId, shortcode, strictValidation: strict, allowedIps: ips }),
    onSuccess: done('Paybill saved'),
  });
  const rotate = useMutation({
    mutationFn: () => rotateToken(managingAgentId),
    onSuccess: done('New callback URLs made; register them with Safaricom'),
  });
  const origin = window.location.origin;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Paybill">
      <Title order={3} mb="sm">
        Paybill
      </Title>
      <Stack gap="sm">
        <TextInput
          label="Paybill number"
          value={shortcode}
          onChange={(e) => setShortcode(e.currentTarget.value)}
          maxLength={7}
        />
        <Checkbox
          label="Strict validation: refuse payments whose account number matches no tenancy"
          checked={strict}
          onChange={(e) => setStrict(e.currentTarget.checked)}
        />
        <TextInput
          label="Allowed callback addresses"
          description="Optional. Safaricom's callback IP addresses, separated by commas; empty accepts any."
          value={ips}
          onChange={(e) => setIps(e.currentTarget.value)}
        />
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(save.error, 'Something went wrong')}
          </Alert>
        ) : null}
        <Group>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save paybill
          </Button>
          {saved.configured ? (
            <Button variant="light" color="orange" onClick={() => rotate.mutate()} loading={rotate.isPending}>
              Make new callback URLs
            </Button>
          ) : null}
        </Group>
        {saved.configured ? (
          <Stack gap={4} aria-label="Callback URLs">
            <Text size="sm">
              Payments go to the <b>{saved.ledgerName}</b> ledger. Register these with Daraja&apos;s C2B
              Register URL (keep them secret):
            </Text>
            <Text size="sm">Validation URL</Text>
            <Code data-testid="validation-url">{`${origin}${saved.validationPath}`}</Code>
            <Text size="sm">Confirmation URL</Text>
            <Code data-testid="confirmation-url">{`${origin}${saved.confirmationPath}`}</Code>
            <Text size="xs" c="dimmed">
              Tenants pay with their tenancy number, or the property code and house number (for example
              101-A4), as the account number.
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
