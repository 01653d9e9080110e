import { amountToCents, formatAmount, type ReminderSettings } from '@makazi/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import {
  reminderLogQuery,
  reminderPreviewQuery,
  reminderSettingsQuery,
  runReminders,
  saveReminderSettings,
} from './api/reminders';

const ksh = (amount: number) => formatAmount(amountToCents(amount));
const STATUS_COLOR = { queued: 'gray', sent: 'blue', delivered: 'teal', failed: 'red' } as const;

/** propertymanagement/{space}/reminders (docs/screens.md#arrears-reminders): settings, today's preview, the log. */
export function RemindersPage() {
  const { t } = useT();
  const { managingAgentId } = useWorkContext();
  const agentId = managingAgentId ?? 0;
  const settings = useQuery({ ...reminderSettingsQuery(agentId), enabled: agentId > 0 });
  if (!managingAgentId) return <NoWorkAccount />;
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={2}>{t('reminders.title')}</Title>
        <Text c="dimmed">{t('reminders.intro')}</Text>
      </div>
      {settings.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(settings.error, t('reminders.failed'))}
        </Alert>
      ) : settings.data ? (
        <>
          <SettingsCard
            key={JSON.stringify(settings.data)}
            data={settings.data}
            managingAgentId={managingAgentId}
          />
          <PreviewCard
            managingAgentId={managingAgentId}
            configured={settings.data.Days.length > 0}
            smsReady={settings.data.SmsReady}
            active={settings.data.Active}
          />
          <LogCard managingAgentId={managingAgentId} />
        </>
      ) : null}
    </Stack>
  );
}

function SettingsCard({ data, managingAgentId }: { data: ReminderSettings; managingAgentId: number }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(data.Active);
  const [days, setDays] = useState(data.Days.join(', ') || '3, 7, 14');
  const [minBalance, setMinBalance] = useState(data.MinBalance.toFixed(2));
  const [price, setPrice] = useState(data.SmsPrice.toFixed(2));
  const [template, setTemplate] = useState(data.Template ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      saveReminderSettings({
        managingAgentId,
        Active: active,
        Days: days
          .split(/[\s,;]+/)
          .filter(Boolean)
          .map(Number),
        Template: template,
        MinBalance: minBalance || '0',
        SmsPrice: price || '0',
      }),
    onSuccess: (result) => {
      setError(null);
      notifications.show({ color: 'teal', message: result.message });
      return queryClient.invalidateQueries({ queryKey: ['reminders', managingAgentId] });
    },
    onError: (e) => setError(apiErrorMessage(e, t('reminders.failed'))),
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reminder-settings-title">
      <Title order={3} size="h4" mb="xs" id="reminder-settings-title">
        {t('reminders.settingsTitle')}
      </Title>
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {data.SmsReady ? null : (
          <Alert color="yellow" variant="light">
            {t('reminders.smsNotReady')}
          </Alert>
        )}
        <Switch
          label={t('reminders.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        <TextInput
          label={t('reminders.days')}
          description={t('reminders.daysHelp')}
          value={days}
          onChange={(e) => setDays(e.currentTarget.value)}
          inputMode="numeric"
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('reminders.minBalance')}
            value={minBalance}
            onChange={(e) => setMinBalance(e.currentTarget.value)}
            inputMode="decimal"
            miw={160}
          />
          <TextInput
            label={t('reminders.smsPrice')}
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            inputMode="decimal"
            miw={160}
          />
        </Group>
        <Textarea
          label={t('reminders.template')}
          description={t('reminders.templateHelp', {
            words: '{{name}}, {{balance}}, {{paybill}}, {{account}}, {{agency}}',
            interpolation: { escapeValue: false },
          })}
          value={template}
          onChange={(e) => setTemplate(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('reminders.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PreviewCard({
  managingAgentId,
  configured,
  smsReady,
  active,
}: {
  managingAgentId: number;
  configured: boolean;
  smsReady: boolean;
  active: boolean;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const preview = useQuery(reminderPreviewQuery(managingAgentId, configured));
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => runReminders(managingAgentId),
    onSuccess: (result) => {
      setError(null);
      notifications.show({ color: 'teal', message: result.message });
      return queryClient.invalidateQueries({ queryKey: ['reminders', managingAgentId] });
    },
    onError: (e) => setError(apiErrorMessage(e, t('reminders.failed'))),
  });
  if (!configured || !preview.data) return null;
  const p = preview.data;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reminder-preview-title">
      <Title order={3} size="h4" mb="xs" id="reminder-preview-title">
        {t('reminders.previewTitle')}
      </Title>
      <Stack gap="xs">
        <Text role="status">
          {t('reminders.previewLine', { count: p.Count, messages: p.Messages, cost: ksh(p.EstimatedCost) })}
        </Text>
        {p.ReminderDay ? null : <Text c="dimmed">{t('reminders.notReminderDay', { day: p.Today })}</Text>}
        {p.Sample ? (
          <Text size="sm" c="dimmed">
            {t('reminders.sample', { text: p.Sample, interpolation: { escapeValue: false } })}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {smsReady && active && p.ReminderDay ? (
          <Group>
            <Button variant="light" loading={send.isPending} onClick={() => send.mutate()}>
              {t('reminders.send')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function LogCard({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const log = useQuery(reminderLogQuery(managingAgentId));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reminder-log-title">
      <Title order={3} size="h4" mb="xs" id="reminder-log-title">
        {t('reminders.logTitle')}
      </Title>
      {!log.data?.length ? (
        <Text c="dimmed">{t('reminders.noLog')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table aria-labelledby="reminder-log-title" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reminders.columns.day')}</Table.Th>
                <Table.Th>{t('reminders.columns.tenant')}</Table.Th>
                <Table.Th>{t('reminders.columns.phone')}</Table.Th>
                <Table.Th ta="right">{t('reminders.columns.balance')}</Table.Th>
                <Table.Th>{t('reminders.columns.status')}</Table.Th>
                <Table.Th>{t('reminders.columns.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.map((r) => (
                <Table.Tr key={r.ReminderId}>
                  <Table.Td>{r.Day}</Table.Td>
                  <Table.Td>{r.Tenant_name}</Table.Td>
                  <Table.Td>{r.Phone}</Table.Td>
                  <Table.Td ta="right">{ksh(r.Balance)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[r.Status]} variant="light">
                      {t(`reminders.status.${r.Status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.FailureReason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
