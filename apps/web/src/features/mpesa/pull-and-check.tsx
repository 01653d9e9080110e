import type { StatusCheckView } from '@makazi/domain';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { translateMessage, useT } from '../../lib/i18n';
import { checkCode, mpesaKey, pullNow, pullStateQuery, registerPull, statusCheckQuery } from './api/mpesa';

/** Safaricom's refusal (502) is the server's own sentence and says what to do; other 5xx say nothing usable. */
function refusalOf(error: unknown, fallback: string) {
  return error instanceof ApiError && error.status === 502 && error.message ? translateMessage(error.message) : apiErrorMessage(error, fallback);
}

/**
 * Pull now: Safaricom's own list of the paybill's payments, read on a schedule
 * and on demand, posts what the callbacks missed. Shows when it last ran; the
 * paybill is registered for it once.
 */
export function PullNowCard({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const client = useQueryClient();
  const state = useQuery(pullStateQuery(managingAgentId));
  const [phone, setPhone] = useState('');
  const pull = useMutation({
    mutationFn: () => pullNow(managingAgentId),
    onSuccess: async (r) => {
      notifications.show({
        color: 'teal',
        message: t('mpesa.pull.result', { listed: r.listed, posted: r.posted, unmatched: r.unmatched, already: r.alreadyRecorded }),
      });
      await client.invalidateQueries({ queryKey: mpesaKey(managingAgentId) });
    },
    onError: () => client.invalidateQueries({ queryKey: pullStateQuery(managingAgentId).queryKey }),
  });
  const register = useMutation({
    mutationFn: () => registerPull(managingAgentId, phone),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('mpesa.pull.registered') });
      await client.invalidateQueries({ queryKey: pullStateQuery(managingAgentId).queryKey });
    },
  });
  const data = state.data;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('mpesa.pull.title')}>
      <Title order={3} mb="xs">
        {t('mpesa.pull.title')}
      </Title>
      <Stack gap="xs">
        <Text size="sm">{t('mpesa.pull.intro')}</Text>
        {data ? (
          <Text size="sm" data-testid="pull-last">
            {data.lastPulledAt && data.pulledUntil
              ? t('mpesa.pull.last', { when: formatDateTime(data.lastPulledAt), until: formatDateTime(data.pulledUntil) })
              : t('mpesa.pull.never')}
          </Text>
        ) : null}
        {data?.lastError ? (
          <Alert color="orange" variant="light">
            {t('mpesa.pull.lastError', { reason: data.lastError })}
          </Alert>
        ) : null}
        {pull.isError ? (
          <Alert color="red" variant="light" role="alert">
            {refusalOf(pull.error, t('mpesa.failed'))}
          </Alert>
        ) : null}
        {data && !data.registered ? (
          <Text size="sm" c="dimmed">
            {t('mpesa.pull.notRegistered')}
          </Text>
        ) : null}
        {/* Registering is an admin's (the server refuses anyone else); it is needed once. */}
        {data && !data.registered ? (
          <Group align="end" component="form" onSubmit={(e) => (e.preventDefault(), register.mutate())}>
            <TextInput label={t('mpesa.pull.nominatedNumber')} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
            <Button type="submit" variant="light" loading={register.isPending}>
              {t('mpesa.pull.register')}
            </Button>
          </Group>
        ) : null}
        {register.isError ? (
          <Alert color="red" variant="light" role="alert">
            {refusalOf(register.error, t('mpesa.failed'))}
          </Alert>
        ) : null}
        {data?.registered ? (
          <Button w="fit-content" onClick={() => pull.mutate()} loading={pull.isPending}>
            {t('mpesa.pull.pullNow')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Asks Safaricom about a code a tenant quotes; pending until its answer comes, then what it says and what the books hold. */
export function CheckCodeCard({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const ask = useMutation({ mutationFn: () => checkCode(managingAgentId, code) });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('mpesa.check.title')}>
      <Title order={3} mb="xs">
        {t('mpesa.check.title')}
      </Title>
      <Stack gap="xs">
        <Text size="sm">{t('mpesa.check.intro')}</Text>
        <Group align="end" component="form" onSubmit={(e) => (e.preventDefault(), ask.mutate())}>
          <TextInput label={t('mpesa.check.code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={14} />
          <Button type="submit" loading={ask.isPending}>
            {t('mpesa.check.ask')}
          </Button>
        </Group>
        {ask.isError ? (
          <Alert color="red" variant="light" role="alert">
            {refusalOf(ask.error, t('mpesa.failed'))}
          </Alert>
        ) : null}
        {ask.data ? <CheckAnswer managingAgentId={managingAgentId} first={ask.data} /> : null}
      </Stack>
    </Card>
  );
}

function CheckAnswer({ managingAgentId, first }: { managingAgentId: number; first: StatusCheckView }) {
  const { t } = useT();
  const current = useQuery({ ...statusCheckQuery(managingAgentId, first.checkId), initialData: first });
  const c = current.data;
  if (c.status === 'pending')
    return (
      <Text size="sm" role="status">
        {t('mpesa.check.pending', { code: c.code })}
      </Text>
    );
  if (c.status === 'unanswered')
    return (
      <Alert color="orange" variant="light" role="status">
        {t('mpesa.check.unanswered', { code: c.code })}
      </Alert>
    );
  if (c.status === 'notFound')
    return (
      <Alert color="red" variant="light" role="status">
        {t('mpesa.check.notFound', { code: c.code, reason: c.reason ?? '' })}
      </Alert>
    );
  return (
    <Alert color="teal" variant="light" role="status">
      <Stack gap={4}>
        <Text size="sm">
          {t('mpesa.check.found', {
            code: c.code,
            amount: c.amount === null ? '' : kshOf(c.amount),
            when: c.completedAt ? formatDateTime(c.completedAt) : '',
          })}
        </Text>
        <Text size="sm">{c.account ? t('mpesa.check.account', { account: c.account }) : t('mpesa.check.noAccount')}</Text>
        <Text size="sm">
          {c.receiptNo
            ? t('mpesa.check.receipt', { receiptNo: c.receiptNo })
            : c.unmatched
              ? t('mpesa.check.unmatched')
              : t('mpesa.check.notInBooks')}
        </Text>
      </Stack>
    </Alert>
  );
}
