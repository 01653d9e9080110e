import {
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceItem,
  type MaintenanceStatus,
} from '@makazi/domain';
import { Alert, Badge, Button, Card, Group, Image, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useWorkContext } from '../../lib/session';
import { assigneesQuery, maintenanceKey, maintenanceQuery, photoUrl, updateRequest } from './api/maintenance';

const STATUS_COLOURS: Record<MaintenanceStatus, string> = { new: 'red', assigned: 'blue', in_progress: 'indigo', done: 'teal', declined: 'gray' };
const age = (days: number) => (days === 0 ? 'reported today' : days === 1 ? '1 day old' : `${days} days old`);

/** Repairs tenants reported from their links, newest first, with who has them and how old they are. */
export function MaintenancePage() {
  const { managingAgentId } = useWorkContext();
  const [status, setStatus] = useState<MaintenanceStatus | null>(null);
  const queue = useQuery({ ...maintenanceQuery(managingAgentId ?? 0, status), enabled: managingAgentId !== null });
  if (!managingAgentId) return <NoWorkAccount />;

  return (
    <Stack gap="md">
      <Title order={2}>Maintenance</Title>
      <Select
        label="Status"
        w={220}
        clearable
        placeholder="All"
        data={MAINTENANCE_STATUSES.map((s) => ({ value: s, label: MAINTENANCE_STATUS_LABELS[s] }))}
        value={status}
        onChange={(value) => setStatus(value as MaintenanceStatus | null)}
      />
      {queue.isError ? (
        <Alert color="red" variant="light" role="alert">
          Something Went wrong. Try Again Later
        </Alert>
      ) : !queue.data ? (
        <Text c="dimmed">Loading</Text>
      ) : queue.data.length === 0 ? (
        <Text>No maintenance requests{status ? ` that are ${MAINTENANCE_STATUS_LABELS[status].toLowerCase()}` : ''}.</Text>
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
  const label = `Request ${item.requestId}`;

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={4}>
          {MAINTENANCE_CATEGORY_LABELS[item.category]} · {item.house}, {item.property}
        </Title>
        <Badge color={STATUS_COLOURS[item.status]} variant="light">
          {MAINTENANCE_STATUS_LABELS[item.status]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {item.tenantName} · {formatDateTime(item.createdAt)} · {age(item.ageDays)}
      </Text>
      <Text my="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {item.description}
      </Text>
      {item.photoIds.length ? (
        <Group gap="xs" mb="xs">
          {item.photoIds.map((id, i) => (
            <Photo key={id} managingAgentId={managingAgentId} photoId={id} alt={`${label}, photo ${i + 1}`} />
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
            label="Assigned to"
            clearable
            data={(people.data ?? []).map((p) => ({ value: String(p.userNo), label: p.name }))}
            value={assignee}
            onChange={setAssignee}
          />
          <TextInput label="Or contractor" value={contractor} onChange={(e) => setContractor(e.currentTarget.value)} maxLength={200} />
        </Group>
        <Textarea label="Comment" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={1000} autosize minRows={1} />
        {change.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(change.error, 'Something went wrong')}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button size="xs" onClick={() => change.mutate(undefined)} loading={change.isPending}>
            Save
          </Button>
          {(['in_progress', 'done', 'declined'] as const)
            .filter((s) => s !== item.status)
            .map((s) => (
              <Button key={s} size="xs" variant="default" onClick={() => change.mutate(s)} disabled={change.isPending}>
                Mark {MAINTENANCE_STATUS_LABELS[s].toLowerCase()}
              </Button>
            ))}
        </Group>
      </Stack>
    </Card>
  );
}

function Photo({ managingAgentId, photoId, alt }: { managingAgentId: number; photoId: number; alt: string }) {
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
      Loading photo
    </Text>
  );
}
