import { STK_MESSAGES, type Tenancy, type TenantLinkStatus } from '@makazi/domain';
import { Alert, Button, Card, Checkbox, Code, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatDateTime } from '../../../lib/format-date-time';
import { requestPayment, revokeTenantLink, sendTenantLink, tenantLinkKey, tenantLinkQuery } from '../api/tenant-link';
import { useT } from '../../../lib/i18n';

/**
 * The tenant's private page: send (a new link replaces the old), revoke, and
 * ask the tenant's phone for a payment by M-Pesa. The address is shown once,
 * when made: it is stored only as a hash.
 */
export function TenantLinkPanel({ tenancy, managingAgentId }: { tenancy: Tenancy; managingAgentId: number }) {
  const client = useQueryClient();
  const { t, tm } = useT();
  const tenancyId = tenancy.TenancyId;
  const status = useQuery(tenantLinkQuery(managingAgentId, tenancyId));
  const [bySms, setBySms] = useState(true);
  const [byEmail, setByEmail] = useState(false);
  const [made, setMade] = useState<TenantLinkStatus | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: tenantLinkKey(managingAgentId, tenancyId) });
  const send = useMutation({
    mutationFn: () => sendTenantLink({ managingAgentId, tenancyId, sms: bySms, email: byEmail }),
    onSuccess: async (answer) => {
      setMade(answer);
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeTenantLink({ managingAgentId, tenancyId }),
    onSuccess: async (answer) => {
      setMade(answer);
      await refresh();
    },
  });
  const live = status.data?.live ?? false;

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('tenancies.link.title')}>
      <Title order={4} mb="xs">
        {t('tenancies.link.title')}
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          {live
            ? t('tenancies.link.live', { date: formatDateTime(status.data!.createdAt!) })
            : t('tenancies.link.intro')}
        </Text>
        <Group gap="md">
          <Checkbox label={t('tenancies.link.bySms')} checked={bySms} onChange={(e) => setBySms(e.currentTarget.checked)} />
          <Checkbox label={t('tenancies.link.byEmail')} checked={byEmail} onChange={(e) => setByEmail(e.currentTarget.checked)} />
        </Group>
        <Group>
          <Button onClick={() => send.mutate()} loading={send.isPending} disabled={!bySms && !byEmail}>
            {live ? t('tenancies.link.sendNew') : t('tenancies.link.send')}
          </Button>
          {live ? (
            <Button variant="light" color="red" onClick={() => revoke.mutate()} loading={revoke.isPending}>
              {t('tenancies.link.revoke')}
            </Button>
          ) : null}
        </Group>
        {send.isError || revoke.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(send.error ?? revoke.error, t('tenancies.link.failed'))}
          </Alert>
        ) : null}
        {made ? (
          <Stack gap={4} role="status">
            <Text size="sm">{tm(made.message)}</Text>
            {made.url ? (
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="tenant-link" style={{ overflowWrap: 'anywhere' }}>
                  {made.url}
                </Code>
                <CopyButton value={made.url}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? t('tenancies.link.copied') : t('tenancies.link.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            ) : null}
          </Stack>
        ) : null}
        <PaymentRequest tenancy={tenancy} managingAgentId={managingAgentId} />
      </Stack>
    </Card>
  );
}

function PaymentRequest({ tenancy, managingAgentId }: { tenancy: Tenancy; managingAgentId: number }) {
  const [amount, setAmount] = useState(String(Math.max(1, Math.ceil(tenancy.RentBalance))));
  const [phone, setPhone] = useState(tenancy.PhoneNo);
  const { t, tm } = useT();
  const ask = useMutation({
    mutationFn: () => requestPayment({ managingAgentId, tenancyId: tenancy.TenancyId, amount: amount.replace(/,/g, ''), phone }),
  });
  return (
    <Stack gap={4} mt="sm" component="form" aria-label={t('tenancies.link.paymentRequest')} onSubmit={(e) => (e.preventDefault(), ask.mutate())}>
      <Text size="sm" fw={600}>
        {t('tenancies.link.askPhone')}
      </Text>
      <Group align="flex-end" gap="xs">
        <TextInput label={t('tenancies.link.amount')} value={amount} onChange={(e) => setAmount(e.currentTarget.value)} w={140} inputMode="numeric" />
        <TextInput label={t('tenancies.link.phone')} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} w={160} inputMode="tel" />
        <Button type="submit" variant="light" loading={ask.isPending}>
          {t('tenancies.link.sendRequest')}
        </Button>
      </Group>
      {ask.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(ask.error, STK_MESSAGES.darajaDown)}
        </Alert>
      ) : null}
      {ask.data ? (
        <Text size="sm" role="status">
          {t('tenancies.link.sentToPhone', {
            // A request just sent waits for the PIN; the server words it in the tenant's language, the clerk reads their own.
            message: ask.data.status === 'pending' ? t('tenantPage.stk.waiting') : tm(ask.data.message),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
