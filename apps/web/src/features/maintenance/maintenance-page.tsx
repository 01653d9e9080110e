import {
  accountingDate,
  amountToCents,
  formatKsh,
  isRoleAllowed,
  MAINTENANCE_STATUSES,
  type MaintenanceItem,
  type MaintenanceStatus,
} from '@makazi/domain';
import { Alert, Badge, Button, Card, Group, Image, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useT } from '../../lib/i18n';
import { sessionRoleList, useSession, useWorkContext } from '../../lib/session';
import { assigneesQuery, maintenanceKey, maintenanceQuery, photoUrl, recordCost, updateRequest } from './api/maintenance';

const STATUS_COLOURS: Record<MaintenanceStatus, string> = { new: 'red', assigned: 'blue', in_progress: 'indigo', done: 'teal', declined: 'gray' };

/** Repairs tenants reported from their links, newest first, with who has them and how old they are. */
export function MaintenancePage() {
  const { t } = useT();
  const { managingAgentId } = useWorkContext();
  const [status, setStatus] = useState<MaintenanceStatus | null>(null);
  const queue = useQuery({ ...maintenanceQuery(managingAgentId ?? 0, status), enabled: managingAgentId !== null });
  if (!managingAgentId) return <NoWorkAccount />;

  return (
    <Stack gap="md">
      <Title order={2}>{t('maintenance.title')}</Title>
      <Select
        label={t('maintenance.status')}
        w={220}
        clearable
        placeholder={t('maintenance.all')}
        data={MAINTENANCE_STATUSES.map((s) => ({ value: s, label: t(`tenantPage.statuses.${s}`) }))}
        value={status}
        onChange={(value) => setStatus(value as MaintenanceStatus | null)}
      />
      {queue.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('maintenance.failed')}
        </Alert>
      ) : !queue.data ? (
        <Text c="dimmed">{t('maintenance.loading')}</Text>
      ) : queue.data.length === 0 ? (
        <Text>
          {status
            ? t('maintenance.noneWith', { status: t(`tenantPage.statuses.${status}`).toLowerCase() })
            : t('maintenance.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {queue.data.map((item) => (
            <RequestCard key={item.requestId} item={item} managingAgentId={managingAgentId} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RequestCard({ item, managingAgentId }: { item: MaintenanceItem; managingAgentId: number }) {
  const { t } = useT();
  const client = useQueryClient();
  const people = useQuery(assigneesQuery(managingAgentId));
  const [assignee, setAssignee] = useState<string | null>(item.assignedUserNo ? String(item.assignedUserNo) : null);
  const [contractor, setContractor] = useState(item.contractor ?? '');
  const [comment, setComment] = useState('');
  const change = useMutation({
    mutationFn: (status?: MaintenanceStatus) =>
      updateRequest({
        managingAgentId,
        requestId: item.requestId,
        status,
        assignedUserNo: assignee ? Number(assignee) : null,
        contractor: contractor.trim() || null,
        comment: comment.trim() || undefined,
      }),
    onSuccess: async () => {
      setComment('');
      await client.invalidateQueries({ queryKey: maintenanceKey(managingAgentId) });
    },
  });
  const label = t('maintenance.request', { id: item.requestId });
  const age = item.ageDays === 0 ? t('maintenance.reportedToday') : t('maintenance.age', { count: item.ageDays });

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={4}>
          {t('maintenance.place', { category: t(`tenantPage.categories.${item.category}`), house: item.house, property: item.property })}
        </Title>
        <Badge color={STATUS_COLOURS[item.status]} variant="light">
          {t(`tenantPage.statuses.${item.status}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {item.tenantName} · {formatDateTime(item.createdAt)} · {age}
      </Text>
      <Text my="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {item.description}
      </Text>
      {item.photoIds.length ? (
        <Group gap="xs" mb="xs">
          {item.photoIds.map((id, i) => (
            <Photo key={id} managingAgentId={managingAgentId} photoId={id} alt={t('maintenance.photoAlt', { id: item.requestId, n: i + 1 })} />
          ))}
        </Group>
      ) : null}
      {item.comments.map((c, i) => (
        <Text key={i} size="sm">
          <b>{c.by}</b> ({formatDateTime(c.at)}): {c.body}
        </Text>
      ))}
      <Stack gap="xs" mt="sm">
        <Group grow align="flex-end">
          <Select
            label={t('maintenance.assignedTo')}
            clearable
            data={(people.data ?? []).map((p) => ({ value: String(p.userNo), label: p.name }))}
            value={assignee}
            onChange={setAssignee}
          />
          <TextInput label={t('maintenance.contractor')} value={contractor} onChange={(e) => setContractor(e.currentTarget.value)} maxLength={200} />
        </Group>
        <Textarea label={t('maintenance.comment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={1000} autosize minRows={1} />
        {change.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(change.error, t('maintenance.somethingWrong'))}
          </Alert>
        ) : null}
        <RepairCost item={item} managingAgentId={managingAgentId} contractor={item.contractor ?? ''} />
        <Group gap="xs">
          <Button size="xs" onClick={() => change.mutate(undefined)} loading={change.isPending}>
            {t('maintenance.save')}
          </Button>
          {(['in_progress', 'done', 'declined'] as const)
            .filter((s) => s !== item.status)
            .map((s) => (
              <Button key={s} size="xs" variant="default" onClick={() => change.mutate(s)} disabled={change.isPending}>
                {t(`maintenance.mark.${s}`)}
              </Button>
            ))}
        </Group>
      </Stack>
    </Card>
  );
}

const EXPENSE_STATUSES = ['posted', 'awaiting_approval', 'rejected', 'reversed'] as const;
const isExpenseStatus = (status: string): status is (typeof EXPENSE_STATUSES)[number] => (EXPENSE_STATUSES as readonly string[]).includes(status);

/** The repair's cost as the property's expense, in one step; only the roles that record expenses see the form. */
function RepairCost({ item, managingAgentId, contractor }: { item: MaintenanceItem; managingAgentId: number; contractor: string }) {
  const { t } = useT();
  const client = useQueryClient();
  const { session } = useSession();
  const { role } = useWorkContext();
  const [amount, setAmount] = useState('');
  const [payee, setPayee] = useState(contractor);
  const [day, setDay] = useState(() => accountingDate(new Date()));
  const record = useMutation({
    mutationFn: () => recordCost({ managingAgentId, requestId: item.requestId, Amount: amount, Payee: payee, ExpenseDate: day }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: maintenanceKey(managingAgentId) });
    },
  });
  if (item.expense) {
    return (
      <Text size="sm">
        {t('maintenance.cost.recorded', {
          id: item.expense.ExpenseId,
          amount: formatKsh(amountToCents(item.expense.Amount)),
          status: isExpenseStatus(item.expense.Status) ? t(`maintenance.cost.statuses.${item.expense.Status}`) : item.expense.Status,
        })}
      </Text>
    );
  }
  if (!isRoleAllowed(role, sessionRoleList(session, 'adminOnlyAllowed'))) return null;
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        {t('maintenance.cost.legend')}
      </Text>
      <Group grow align="flex-end">
        <TextInput label={t('maintenance.cost.amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
        <TextInput label={t('maintenance.cost.paidTo')} value={payee} onChange={(e) => setPayee(e.currentTarget.value)} maxLength={100} />
        <TextInput label={t('maintenance.cost.datePaid')} type="date" value={day} onChange={(e) => setDay(e.currentTarget.value)} />
      </Group>
      {record.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(record.error, t('maintenance.somethingWrong'))}
        </Alert>
      ) : null}
      <Group>
        <Button size="xs" variant="light" onClick={() => record.mutate()} loading={record.isPending}>
          {t('maintenance.cost.record')}
        </Button>
      </Group>
    </Stack>
  );
}

function Photo({ managingAgentId, photoId, alt }: { managingAgentId: number; photoId: number; alt: string }) {
  const { t } = useT();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    photoUrl(managingAgentId, photoId)
      .then((made) => live && setSrc(made))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [managingAgentId, photoId]);
  return src ? (
    <Image src={src} alt={alt} w={160} h={160} fit="cover" radius="sm" />
  ) : (
    <Text size="xs" c="dimmed">
      {t('maintenance.loadingPhoto')}
    </Text>
  );
}
