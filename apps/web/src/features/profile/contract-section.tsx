import { AGENT_MESSAGES, HIRING_MESSAGES, type AgentAccountsOfUser } from '@makazi/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
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
  const { t, tm } = useT();
  const end = useEndContract(userNo);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function endContract() {
    if (!managing) {
      setConfirming(false);
      setError(tm(HIRING_MESSAGES.noContract));
      return;
    }
    end.mutate(managing.AgencyUserHireOfferId, {
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: tm(result.message) });
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
        {t('hiring.work.contract')}
      </Title>
      {props.failed ? (
        <Text c="red" role="alert">
          {tm(AGENT_MESSAGES.fetchAccountsFailed)}
        </Text>
      ) : managing === undefined ? (
        <Text c="dimmed">{t('hiring.loading')}</Text>
      ) : managing === null ? (
        <Text c="dimmed">{tm(HIRING_MESSAGES.noContractToManage)}</Text>
      ) : (
        <Card withBorder radius="sm" padding="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{managing.ManagingAgentName}</Text>
                <Badge variant="light">
                  {managing.ManagingAgentSelf === 1 ? t('hiring.work.landlordAccount') : t('hiring.work.agencyAccount')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t('hiring.work.owner', { name: managing.ManagingAgentOwnerName })}
              </Text>
            </Stack>
            <Button color="red" variant="light" size="xs" onClick={() => setConfirming(true)}>
              {t('hiring.endContract')}
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
        title={t('hiring.endContract')}
        confirmColor="red"
        loading={end.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={endContract}
      >
        {tm(HIRING_MESSAGES.endContractConfirm)}
      </ConfirmDialog>
    </Stack>
  );
}
