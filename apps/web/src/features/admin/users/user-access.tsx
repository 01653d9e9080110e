import { AGENT_TYPE, HIRING_MESSAGES, roleLabelKey, type AgencyUser } from '@makazi/domain';
import { Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { apiErrorMessage } from '../../../lib/api-error-message';
import { useT } from '../../../lib/i18n';
import { accountPropertiesQuery, useSetUserAccess } from '../api/hiring';

/**
 * The admin's choice of a hired user's role and the properties they work on
 * (decision 061). A landlord's account hires one role; an agency chooses clerk
 * or caretaker, and a caretaker needs a property.
 */
export function UserAccess({ agentId, user, onDone }: { agentId: number; user: AgencyUser; onDone: () => void }) {
  const { t, tm } = useT();
  const properties = useQuery(accountPropertiesQuery(agentId));
  const save = useSetUserAccess(agentId);
  const [role, setRole] = useState(String(user.ManagingAgentUserRole));
  const [propIds, setPropIds] = useState(user.PropIds.map(String));
  const landlordAccount = user.ManagingAgentUserRole === AGENT_TYPE.LANDLORD_EMPLOYEE;
  const roles = landlordAccount ? [AGENT_TYPE.LANDLORD_EMPLOYEE] : [AGENT_TYPE.AGENCY_EMPLOYEE, AGENT_TYPE.CARETAKER];
  const caretakerWithout = Number(role) === AGENT_TYPE.CARETAKER && propIds.length === 0;

  function submit() {
    save.mutate(
      { AgencyUserHireOfferId: user.AgencyUserHireOfferId, Role: Number(role), PropIds: propIds.map(Number) },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', message: tm(result.message) });
          onDone();
        },
        onError: (e) => notifications.show({ color: 'red', message: apiErrorMessage(e, HIRING_MESSAGES.caretakerNeedsProperty) }),
      },
    );
  }

  return (
    <Stack gap="xs" data-testid="user-access">
      <Text fw={600}>{t('hiring.access.title', { name: user.Full_name })}</Text>
      <Select
        label={t('hiring.access.role')}
        data={roles.map((r) => ({ value: String(r), label: t(roleLabelKey(r) as 'hiring.roles.clerk') }))}
        value={role}
        onChange={(value) => value && setRole(value)}
        allowDeselect={false}
        maw={360}
      />
      <MultiSelect
        label={t('hiring.access.properties')}
        description={t('hiring.access.propertiesHint')}
        placeholder={propIds.length === 0 ? t('hiring.access.allProperties') : undefined}
        data={(properties.data ?? []).map((p) => ({ value: String(p.PropId), label: p.Property_name }))}
        value={propIds}
        onChange={setPropIds}
        searchable
        maw={360}
      />
      {caretakerWithout ? (
        <Text c="red" size="sm" role="alert">
          {tm(HIRING_MESSAGES.caretakerNeedsProperty)}
        </Text>
      ) : null}
      <Group>
        <Button size="xs" onClick={submit} loading={save.isPending} disabled={caretakerWithout}>
          {t('hiring.access.save')}
        </Button>
      </Group>
    </Stack>
  );
}
