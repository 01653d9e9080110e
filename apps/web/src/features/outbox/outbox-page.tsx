import { formatKsh } from '@makazi/domain';
import { Alert, Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useWorkContext } from '../../lib/session';
import { outboxKey, outboxQuery, resendNotice } from './api/outbox';

/** Receipts to tenants that have not gone out: what waits for a retry, what failed for good, and a resend. */
export function OutboxPage() {
  const { managingAgentId } = useWorkContext();
  if (!managingAgentId) return <NoWorkAccount />;
  return <Outbox managingAgentId={managingAgentId} />;
}

function Outbox({ managingAgentId }: { managingAgentId: number }) {
  const client = useQueryClient();
  const outbox = useQuery(outboxQuery(managingAgentId));
  const resend = useMutation({
    mutationFn: (noticeId: number) => resendNotice(managingAgentId, noticeId),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: r.message });
      await client.invalidateQueries({ queryKey: outboxKey(managingAgentId) });
    },
    onError: (error: Error) => notifications.show({ color: 'red', message: apiErrorMessage(error, 'Something went wrong') }),
  });
  const notices = outbox.data?.notices;

  return (
    <Stack gap="md">
      <Title order={2}>Receipt notices</Title>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Notices not sent">
        <Text c="dimmed" mb="sm">
          Receipts mailed and texted to tenants are retried until they go out. Those below have not gone out yet.
        </Text>
        {outbox.isError ? (
          <Alert color="red" variant="light" role="alert">
            Something Went wrong. Try Again Later
          </Alert>
        ) : null}
        {notices?.length === 0 ? <Text>Every receipt notice has been sent.</Text> : null}
        {notices && notices.length > 0 ? (
          <Table.ScrollContainer minWidth={900}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Tries</Table.Th>
                  <Table.Th>Next try</Table.Th>
                  <Table.Th>Last error</Table.Th>
                  <Table.Th>Resend</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {notices.map((n) => (
                  <Table.Tr key={n.noticeId} aria-label={`Notice ${n.receiptNo} by ${n.channel}`}>
                    <Table.Td>
                      <Badge color={n.state === 'failed' ? 'red' : 'yellow'} variant="light" style={{ minWidth: 'max-content' }}>
                        {n.state === 'failed' ? 'Failed' : 'Waiting'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{n.receiptNo}</Table.Td>
                    <Table.Td ta="right">{formatKsh(n.amountCents)}</Table.Td>
                    <Table.Td>
                      {n.channel === 'sms' ? 'SMS' : 'Email'} {n.recipient}
                    </Table.Td>
                    <Table.Td>{n.attempts}</Table.Td>
                    <Table.Td>{n.nextAttemptAt ? formatDateTime(n.nextAttemptAt) : 'Not retried'}</Table.Td>
                    <Table.Td>{n.lastError ?? ''}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => resend.mutate(n.noticeId)}
                        loading={resend.isPending && resend.variables === n.noticeId}
                      >
                        Resend now
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
