import { HIRING_MESSAGES, roleLabelKey, type AgencyUser } from '@makazi/domain';
import { Badge, Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useT } from '../../../lib/i18n';
import { accountPropertiesQuery, agencyUsersQuery, useEndUserContract, useToggleUserActivatedState } from '../api/hiring';
import { UserAccess } from './user-access';

/** The account's users (docs/access.md#switched-off-users): allocated username and the activation switch (login status 1 or 0). */
export function AgencyUsers({ agentId, adminUserNo }: { agentId: number; adminUserNo: number | null }) {
  const users = useQuery(agencyUsersQuery(agentId, adminUserNo));
  const toggle = useToggleUserActivatedState(agentId);
  const end = useEndUserContract(agentId);
  const [ending, setEnding] = useState<AgencyUser | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const properties = useQuery(accountPropertiesQuery(agentId));
  const propertyName = (propId: number) => properties.data?.find((p) => p.PropId === propId)?.Property_name ?? `#${propId}`;
  const [find, setFind] = useState('');
  const { t, tm } = useT();
  // The admin searches the account's own users: 'No User Found' tells them nothing of who else uses Makazi (decision 023).
  const wanted = find.trim().toLowerCase();
  const shown = users.data?.filter(
    (u) => !wanted || [u.Full_name, u.Email, u.ManagingAgentAllocatedUsername ?? ''].some((field) => field.toLowerCase().includes(wanted)),
  );

  function switchUser(user: AgencyUser, active: boolean) {
    toggle.mutate(
      { UserNo: user.UserNo, AgencyUserHireOfferId: user.AgencyUserHireOfferId, active },
      {
        onSuccess: (result) => notifications.show({ color: 'green', message: tm(result.message) }),
        onError: (e) => notifications.show({ color: 'red', message: apiErrorMessage(e, HIRING_MESSAGES.toggleFailed) }),
      },
    );
  }

  function endContract(user: AgencyUser) {
    end.mutate(user, {
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: tm(result.message) });
        setEnding(null);
      },
      onError: (e) => {
        notifications.show({ color: 'red', message: apiErrorMessage(e, HIRING_MESSAGES.terminateFailed) });
        setEnding(null);
      },
    });
  }

  return (
    <Stack gap="xs" data-testid="agency-users">
      <Title order={3} fz="md">
        {t('hiring.users')}
      </Title>
      {users.isPending ? <Text c="dimmed">{t('hiring.loading')}</Text> : null}
      {users.isError ? (
        <Text c="red" role="alert">
          {users.error instanceof ApiError && users.error.code === 'INVALID_RESPONSE'
            ? t('hiring.invalidUsers')
            : apiErrorMessage(users.error, HIRING_MESSAGES.fetchUsersFailed)}
        </Text>
      ) : null}
      {users.data?.length === 0 ? <Text c="dimmed">{tm(HIRING_MESSAGES.noUsers)}</Text> : null}
      {users.data && users.data.length > 0 ? (
        <TextInput
          label={t('agencyUsers.find')}
          placeholder={t('agencyUsers.findPlaceholder')}
          type="search"
          value={find}
          onChange={(e) => setFind(e.currentTarget.value)}
          maw={360}
        />
      ) : null}
      {users.data && users.data.length > 0 && shown?.length === 0 ? (
        <Text c="dimmed" role="status">
          {tm(HIRING_MESSAGES.noAgencyUserFound)}
        </Text>
      ) : null}
      {shown?.map((user) => {
        const active = user.ManagingAgentUserLoginStatus === 1;
        return (
          <Card key={user.AgencyUserHireOfferId} withBorder padding="sm" radius="sm" data-testid="agency-user">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{user.Full_name}</Text>
                  <Badge variant="light">{t(roleLabelKey(user.ManagingAgentUserRole) as 'hiring.roles.clerk')}</Badge>
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.Email}
                </Text>
                <Text size="sm" data-testid="user-properties">
                  {user.PropIds.length === 0
                    ? t('hiring.access.allProperties')
                    : t('hiring.access.onlyChosen', { names: user.PropIds.map(propertyName).join(', ') })}
                </Text>
                <Text size="sm">
                  {t('hiring.username', {
                    username: user.ManagingAgentAllocatedUsername ?? tm(HIRING_MESSAGES.noAllocatedUsername),
                  })}
                </Text>
              </Stack>
              <Group gap="sm">
                <Switch
                  label={active ? t('hiring.active') : t('hiring.notActive')}
                  aria-label={t('hiring.activationOf', { name: user.Full_name })}
                  checked={active}
                  disabled={toggle.isPending}
                  onChange={(event) => switchUser(user, event.currentTarget.checked)}
                />
                <Button size="xs" variant="light" onClick={() => setEditing(editing === user.AgencyUserHireOfferId ? null : user.AgencyUserHireOfferId)}>
                  {t('hiring.access.edit')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setEnding(user)}>
                  {t('hiring.endContract')}
                </Button>
              </Group>
            </Group>
            {editing === user.AgencyUserHireOfferId ? <UserAccess agentId={agentId} user={user} onDone={() => setEditing(null)} /> : null}
          </Card>
        );
      })}
      <ConfirmDialog
        opened={ending !== null}
        title={t('hiring.endContract')}
        loading={end.isPending}
        confirmColor="red"
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && endContract(ending)}
      >
        {tm(HIRING_MESSAGES.endContractConfirm)}
      </ConfirmDialog>
    </Stack>
  );
}
