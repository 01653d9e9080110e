import { Alert, Button, Card, Code, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { STK_MESSAGES } from '@makazi/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { darajaQuery, mpesaKey, saveDaraja } from './api/mpesa';

/**
 * The Daraja app behind Pay now (STK Push). Secrets are write-only: the server
 * seals them and never sends them back, so the form starts empty each time.
 */
export function DarajaSettingsCard({ managingAgentId }: { managingAgentId: number }) {
  const client = useQueryClient();
  const settings = useQuery(darajaQuery(managingAgentId));
  const [shortcode, setShortcode] = useState('');
  const [consumerKey, setConsumerKey] = useState('');
  const [consumerSecret, setConsumerSecret] = useState('');
  const [passkey, setPasskey] = useState('');
  const save = useMutation({
    mutationFn: () => saveDaraja({ managingAgentId, shortcode: shortcode || settings.data?.shortcode || '', consumerKey, consumerSecret, passkey }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: STK_MESSAGES.saved });
      setConsumerKey('');
      setConsumerSecret('');
      setPasskey('');
      await client.invalidateQueries({ queryKey: mpesaKey(managingAgentId) });
    },
  });
  const data = settings.data;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Pay now (STK Push)">
      <Title order={3} mb="sm">
        Pay now (STK Push)
      </Title>
      <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
        <Text size="sm">
          {data?.configured
            ? `Set up for shortcode ${data.shortcode}, last changed ${formatDateTime(data.updatedAt!)}. Enter all three secrets again to change them.`
            : 'From your Daraja app (developer.safaricom.co.ke): the shortcode, passkey, consumer key and consumer secret. Tenants then pay from their link with Pay now.'}
        </Text>
        <TextInput label="Shortcode" placeholder={data?.shortcode || '174379'} value={shortcode} onChange={(e) => setShortcode(e.currentTarget.value)} maxLength={7} />
        <PasswordInput label="Consumer key" value={consumerKey} onChange={(e) => setConsumerKey(e.currentTarget.value)} autoComplete="off" />
        <PasswordInput label="Consumer secret" value={consumerSecret} onChange={(e) => setConsumerSecret(e.currentTarget.value)} autoComplete="off" />
        <PasswordInput label="Passkey" value={passkey} onChange={(e) => setPasskey(e.currentTarget.value)} autoComplete="off" />
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(save.error, 'Something went wrong')}
          </Alert>
        ) : null}
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save Daraja settings
        </Button>
        {data?.configured ? (
          <Text size="xs" c="dimmed">
            Daraja calls back at <Code>{`${window.location.origin}${data.callbackPath}`}</Code> (keep it secret; set PUBLIC_URL so
            Safaricom reaches it).
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
