import { Alert, Button, Card, Code, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { STK_MESSAGES } from '@makazi/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useT } from '../../lib/i18n';
import { darajaQuery, mpesaKey, saveDaraja } from './api/mpesa';

/**
 * The Daraja app behind Pay now (STK Push). Secrets are write-only: the server
 * seals them and never sends them back, so the form starts empty each time.
 */
export function DarajaSettingsCard({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const settings = useQuery(darajaQuery(managingAgentId));
  const [shortcode, setShortcode] = useState('');
  const [consumerKey, setConsumerKey] = useState('');
  const [consumerSecret, setConsumerSecret] = useState('');
  const [passkey, setPasskey] = useState('');
  const [initiatorName, setInitiatorName] = useState('');
  const [securityCredential, setSecurityCredential] = useState('');
  const save = useMutation({
    mutationFn: () => saveDaraja({ managingAgentId, shortcode: shortcode || settings.data?.shortcode || '', consumerKey, consumerSecret, passkey, initiatorName, securityCredential }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: tm(STK_MESSAGES.saved) });
      setConsumerKey('');
      setConsumerSecret('');
      setPasskey('');
      setSecurityCredential('');
      await client.invalidateQueries({ queryKey: mpesaKey(managingAgentId) });
    },
  });
  const data = settings.data;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('maintenance.daraja.title')}>
      <Title order={3} mb="sm">
        {t('maintenance.daraja.title')}
      </Title>
      <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
        <Text size="sm">
          {data?.configured
            ? t('maintenance.daraja.configured', { shortcode: data.shortcode, when: formatDateTime(data.updatedAt!) })
            : t('maintenance.daraja.intro')}
        </Text>
        <TextInput label={t('maintenance.daraja.shortcode')} placeholder={data?.shortcode || '174379'} value={shortcode} onChange={(e) => setShortcode(e.currentTarget.value)} maxLength={7} />
        <PasswordInput label={t('maintenance.daraja.consumerKey')} value={consumerKey} onChange={(e) => setConsumerKey(e.currentTarget.value)} autoComplete="off" />
        <PasswordInput label={t('maintenance.daraja.consumerSecret')} value={consumerSecret} onChange={(e) => setConsumerSecret(e.currentTarget.value)} autoComplete="off" />
        <PasswordInput label={t('maintenance.daraja.passkey')} value={passkey} onChange={(e) => setPasskey(e.currentTarget.value)} autoComplete="off" />
        <TextInput label={t('mpesa.check.initiatorName')} value={initiatorName} onChange={(e) => setInitiatorName(e.currentTarget.value)} autoComplete="off" />
        <PasswordInput label={t('mpesa.check.securityCredential')} value={securityCredential} onChange={(e) => setSecurityCredential(e.currentTarget.value)} autoComplete="off" />
        {data?.initiator ? <Text size="xs" c="dimmed">{t('mpesa.check.initiatorSet')}</Text> : null}
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(save.error, t('maintenance.somethingWrong'))}
          </Alert>
        ) : null}
        <Button type="submit" loading={save.isPending} w="fit-content">
          {t('maintenance.daraja.save')}
        </Button>
        {data?.configured ? (
          <Text size="xs" c="dimmed">
            <Trans
              t={t}
              i18nKey="maintenance.daraja.callback"
              values={{ url: `${window.location.origin}${data.callbackPath}` }}
              components={{ code: <Code /> }}
            />
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
