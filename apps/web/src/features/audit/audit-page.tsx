import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useWorkContext } from '../../lib/session';
import { auditQuery, downloadAuditCsv, type AuditFilters } from './api/audit';

const FIELDS: { key: keyof AuditFilters; label: string; placeholder: string }[] = [
  { key: 'userNo', label: 'Person (user number)', placeholder: 'e.g. 502' },
  { key: 'table', label: 'Record kind', placeholder: 'e.g. tenancies' },
  { key: 'recordId', label: 'Record number', placeholder: 'e.g. 17' },
  { key: 'from', label: 'From', placeholder: 'YYYY-MM-DD' },
  { key: 'to', label: 'To', placeholder: 'YYYY-MM-DD' },
];

const changeText = (changes: Record<string, [unknown, unknown]>) =>
  Object.entries(changes)
    .map(([field, [before, after]]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join('; ');

/** Every change made in the account, by whom, from where and when; a record's page links here with its filter. */
export function AuditPage() {
  const { managingAgentId } = useWorkContext();
  const [params] = useSearchParams();
  const initial = Object.fromEntries(FIELDS.map((f) => [f.key, params.get(f.key) ?? ''])) as AuditFilters;
  const [draft, setDraft] = useState<AuditFilters>(initial);
  const [filters, setFilters] = useState<AuditFilters>(initial);
  const trail = useQuery({ ...auditQuery(managingAgentId ?? 0, filters), enabled: managingAgentId !== null });
  if (!managingAgentId) return <NoWorkAccount />;

  const exportCsv = () =>
    downloadAuditCsv(managingAgentId, filters).catch((error: Error) =>
      notifications.show({ color: 'red', message: apiErrorMessage(error, 'Something went wrong') }),
    );

  return (
    <Stack gap="md">
      <Title order={2}>Audit trail</Title>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Filters">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setFilters(draft);
          }}
        >
          <Group align="end" wrap="wrap">
            {FIELDS.map((f) => (
              <TextInput
                key={f.key}
                label={f.label}
                placeholder={f.placeholder}
                w={170}
                value={draft[f.key] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f.key]: e.currentTarget.value })}
              />
            ))}
            <Button type="submit">Show</Button>
            <Button variant="light" onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Changes">
        {trail.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(trail.error, 'Something Went wrong. Try Again Later')}
          </Alert>
        ) : null}
        {trail.data?.events.length === 0 ? <Text>No changes match.</Text> : null}
        {trail.data && trail.data.events.length > 0 ? (
          // Rows hold no control: the region itself takes focus, so a keyboard can scroll a narrow screen sideways.
          <Table.ScrollContainer minWidth={900} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Changes, scrollable' } }}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Changes</Table.Th>
                  <Table.Th>Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trail.data.events.map((e) => (
                  <Table.Tr key={e.eventId}>
                    <Table.Td>{formatDateTime(e.at)}</Table.Td>
                    <Table.Td>{e.userNo === null ? 'System' : `${e.userName ?? 'User'} (${e.userNo})`}</Table.Td>
                    <Table.Td>
                      {e.table} {e.recordId ?? ''}
                    </Table.Td>
                    <Table.Td>{e.action}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{changeText(e.changes)}</Table.Td>
                    <Table.Td>{e.ip ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {trail.data?.more ? <Text c="dimmed">Showing the newest 500: narrow the filters, or export CSV.</Text> : null}
      </Card>
    </Stack>
  );
}
