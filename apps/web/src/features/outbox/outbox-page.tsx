import { GENERIC_FAILURE_MESSAGE, formatKsh, UNDELIVERABLE_REASONS } from '@makazi/domain';
import { Alert, Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import { outboxKey, outboxQuery, resendNotice } from './api/outbox';

/** Receipts to tenants that have not gone out: what waits for a retry, what failed for good, and a resend. */
export function OutboxPage() {
  const { managingAgentId } = useWorkContext();
  if (!managingAgentId) return <NoWorkAccount />;
  return <Outbox managingAgentId={managingAgentId} />;
}

function Outbox({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const outbox = useQuery(outboxQuery(managingAgentId));
  const resend = useMutation({
    mutationFn: (noticeId: number) => resendNotice(managingAgentId, noticeId),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: tm(r.message) });
      await client.invalidateQueries({ queryKey: outboxKey(managingAgentId) });
    },
    onError: (error: Error) => notifications.show({ color: 'red', message: apiErrorMessage(error, GENERIC_FAILURE_MESSAGE) }),
  });
  const notices = outbox.data?.notices;
  // A provider's refusal keeps the provider's own words after our reason.
  const refusedPrefix = `${UNDELIVERABLE_REASONS.refused}: `;
  const errorText = (error: string | null) =>
    error?.startsWith(refusedPrefix)
      ? t('outbox.refusedBecause', { refused: tm(UNDELIVERABLE_REASONS.refused), reason: error.slice(refusedPrefix.length) })
      : tm(error ?? '');

  return (
    <Stack gap="md">
      <Title order={2}>{t('outbox.title')}</Title>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('outbox.label')}>
        <Text c="dimmed" mb="sm">
          {t('outbox.intro')}
        </Text>
        {outbox.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('outbox.failed')}
          </Alert>
        ) : null}
        {notices?.length === 0 ? <Text>{t('outbox.allSent')}</Text> : null}
        {notices && notices.length > 0 ? (
          <Table.ScrollContainer minWidth={900}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('outbox.state')}</Table.Th>
                  <Table.Th>{t('outbox.receipt')}</Table.Th>
                  <Table.Th ta="right">{t('outbox.amount')}</Table.Th>
                  <Table.Th>{t('outbox.to')}</Table.Th>
                  <Table.Th>{t('outbox.tries')}</Table.Th>
                  <Table.Th>{t('outbox.nextTry')}</Table.Th>
                  <Table.Th>{t('outbox.lastError')}</Table.Th>
                  <Table.Th>{t('outbox.resend')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {notices.map((n) => (
                  <Table.Tr key={n.noticeId} aria-label={t('outbox.row', { notice: n.receiptNo || n.noticeId, channel: n.channel })}>
                    <Table.Td>
                      <Badge color={n.state === 'failed' ? 'red' : 'yellow'} variant="light" style={{ minWidth: 'max-content' }}>
                        {n.state === 'failed' ? t('outbox.stateFailed') : t('outbox.stateWaiting')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{n.receiptNo || t('outbox.textMessage')}</Table.Td>
                    <Table.Td ta="right">{n.amountCents === null ? '' : formatKsh(n.amountCents)}</Table.Td>
                    <Table.Td>
                      {n.channel === 'sms'
                        ? t('outbox.sms', { recipient: n.recipient })
                        : t('outbox.email', { recipient: n.recipient })}
                    </Table.Td>
                    <Table.Td>{n.attempts}</Table.Td>
                    <Table.Td>{n.nextAttemptAt ? formatDateTime(n.nextAttemptAt) : t('outbox.notRetried')}</Table.Td>
                    <Table.Td>{errorText(n.lastError)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => resend.mutate(n.noticeId)}
                        loading={resend.isPending && resend.variables === n.noticeId}
                      >
                        {t('outbox.resendNow')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Card>
    </Stack>
  );
}
