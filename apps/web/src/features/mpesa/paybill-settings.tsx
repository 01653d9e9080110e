import { Alert, Button, Card, Checkbox, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GENERIC_FAILURE_MESSAGE, MPESA_MESSAGES, type Paybill } from '@makazi/domain';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { Trans, useT } from '../../lib/i18n';
import { mpesaKey, paybillQuery, rotateToken, savePaybill } from './api/mpesa';

/** The agency's paybill: shortcode, validation, allowed addresses, and the callback URLs to register with Safaricom. */
export function PaybillSettings({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const paybill = useQuery(paybillQuery(managingAgentId));
  if (paybill.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('mpesa.failed')}
      </Alert>
    );
  }
  if (!paybill.data) return <Text c="dimmed">{t('mpesa.loading')}</Text>;
  // Keyed by what was saved: the form starts again from the saved settings.
  return (
    <PaybillForm key={JSON.stringify(paybill.data)} managingAgentId={managingAgentId} saved={paybill.data} />
  );
}

function PaybillForm({ managingAgentId, saved }: { managingAgentId: number; saved: Paybill }) {
  const { t, tm } = useT();
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
    onSuccess: done(tm(MPESA_MESSAGES.saved)),
  });
  const rotate = useMutation({
    mutationFn: () => rotateToken(managingAgentId),
    onSuccess: done(t('mpesa.paybill.rotated')),
  });
  const origin = window.location.origin;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('mpesa.paybill.title')}>
      <Title order={3} mb="sm">
        {t('mpesa.paybill.title')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('mpesa.paybill.number')}
          value={shortcode}
          onChange={(e) => setShortcode(e.currentTarget.value)}
          maxLength={7}
        />
        <Checkbox
          label={t('mpesa.paybill.strict')}
          checked={strict}
          onChange={(e) => setStrict(e.currentTarget.checked)}
        />
        <TextInput
          label={t('mpesa.paybill.allowedIps')}
          description={t('mpesa.paybill.allowedIpsHelp')}
          value={ips}
          onChange={(e) => setIps(e.currentTarget.value)}
        />
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
          </Alert>
        ) : null}
        <Group>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {t('mpesa.paybill.save')}
          </Button>
          {saved.configured ? (
            <Button variant="light" color="orange" onClick={() => rotate.mutate()} loading={rotate.isPending}>
              {t('mpesa.paybill.rotate')}
            </Button>
          ) : null}
        </Group>
        {saved.configured ? (
          <Stack gap={4} aria-label={t('mpesa.paybill.callbackUrls')}>
            <Text size="sm">
              <Trans
                i18nKey="mpesa.paybill.ledgerIntro"
                values={{ ledger: saved.ledgerName }}
                components={{ b: <b /> }}
              />
            </Text>
            <Text size="sm">{t('mpesa.paybill.validationUrl')}</Text>
            <Code data-testid="validation-url">{`${origin}${saved.validationPath}`}</Code>
            <Text size="sm">{t('mpesa.paybill.confirmationUrl')}</Text>
            <Code data-testid="confirmation-url">{`${origin}${saved.confirmationPath}`}</Code>
            <Text size="xs" c="dimmed">
              {t('mpesa.paybill.accountHelp')}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
