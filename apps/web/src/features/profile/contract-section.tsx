import { AGENT_MESSAGES, HIRING_MESSAGES, type AgentAccountsOfUser } from '@makazi/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useEndContract } from './api/work';

type Managing = AgentAccountsOfUser['agents']['managingAgentAccount'];

/** settings/{id}/work (docs/screens.md#work-settings): the contracted managing account, with End Contract. */
export function ContractSection(props: {
  userNo: number;
  managing: Managing | undefined;
  failed: boolean;
  onEnded: () => void;
}) {
  const { userNo, managing } = props;
  const end = useEndContract(userNo);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function endContract() {
    if (!managing) {
      setConfirming(false);
      setError(HIRING_MESSAGES.noContract);
      return;
    }
    end.mutate(managing.AgencyUserHireOfferId, {
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: result.message });
        setConfirming(false);
        props.onEnded();
      },
      onError: (e) => {
        setConfirming(false);
        setError(apiErrorMessage(e, HIRING_MESSAGES.terminateFailed));
      },
    });
  }

  return (
    <Stack gap="xs" data-testid="contract">
      <Title order={2} fz="lg">
        Contracted managing account
      </Title>
      {props.failed ? (
        <Text c="red" role="alert">
          {AGENT_MESSAGES.fetchAccountsFailed}
        </Text>
      ) : managing === undefined ? (
        <Text c="dimmed">Loading</Text>
      ) : managing === null ? (
        <Text c="dimmed">{HIRING_MESSAGES.noContractToManage}</Text>
      ) : (
        <Card withBorder radius="sm" padding="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{managing.ManagingAgentName}</Text>
                <Badge variant="light">
                  {managing.ManagingAgentSelf === 1 ? 'Landlord Account' : 'Agency Account'}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Owner: {managing.ManagingAgentOwnerName}
              </Text>
            </Stack>
            <Button color="red" variant="light" size="xs" onClick={() => setConfirming(true)}>
              End Contract
            </Button>
          </Group>
        </Card>
      )}
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="End Contract"
        confirmColor="red"
        loading={end.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={endContract}
      >
        {HIRING_MESSAGES.endContractConfirm}
      </ConfirmDialog>
    </Stack>
  );
}
