import { Card, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { setReminderOptOut, tenancyChargesQuery } from '../../../lib/api/charges';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useT } from '../../../lib/i18n';

/**
 * Whether the tenant gets the agency's arrears reminders. Admins switch it
 * (the server checks the role); others see its state.
 */
export function ReminderOptOut({ managingAgentId, tenancyId, canChange }: { managingAgentId: number; tenancyId: number; canChange: boolean }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const query = tenancyChargesQuery(managingAgentId, tenancyId);
  const charges = useQuery(query);
  const change = useMutation({
    mutationFn: (optOut: boolean) => setReminderOptOut({ managingAgentId, TenancyId: tenancyId, OptOut: optOut }),
    onSuccess: (_result, optOut) =>
      notifications.show({ color: 'teal', message: optOut ? t('reminderOptOut.optedOut') : t('reminderOptOut.optedIn') }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorMessage(error, t('reminderOptOut.failed')) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  });
  if (!charges.data) return null;
  const reminded = !charges.data.RemindersOptOut;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reminder-opt-out-title">
      <Title order={3} size="h4" mb="xs" id="reminder-opt-out-title">
        {t('reminderOptOut.title')}
      </Title>
      <Switch
        label={t('reminderOptOut.label')}
        description={reminded ? t('reminderOptOut.on') : t('reminderOptOut.off')}
        checked={reminded}
        disabled={!canChange || change.isPending}
        onChange={(e) => change.mutate(!e.currentTarget.checked)}
      />
      {canChange ? null : (
        <Text size="sm" c="dimmed" mt="xs">
          {t('reminderOptOut.adminOnly')}
        </Text>
      )}
    </Card>
  );
}
