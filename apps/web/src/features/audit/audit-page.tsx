import { en, GENERIC_FAILURE_MESSAGE } from '@makazi/domain';
import { Alert, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import { auditQuery, downloadAuditCsv, type AuditFilters } from './api/audit';

const FIELDS = [
  { key: 'userNo', label: 'audit.fields.userNo', placeholder: 'audit.fields.userNoExample' },
  { key: 'recordId', label: 'audit.fields.recordId', placeholder: 'audit.fields.recordIdExample' },
  { key: 'from', label: 'audit.fields.from', placeholder: 'audit.fields.dateExample' },
  { key: 'to', label: 'audit.fields.to', placeholder: 'audit.fields.dateExample' },
] as const satisfies readonly { key: keyof AuditFilters; label: `audit.fields.${string}`; placeholder: `audit.fields.${string}` }[];

/** The record kinds the audit trail names, by their table's name: the filter sends the name, people read the word. */
const KINDS = Object.keys(en.audit.tables) as (keyof typeof en.audit.tables)[];
const isKind = (table: string): table is (typeof KINDS)[number] => (KINDS as string[]).includes(table);

const changeText = (changes: Record<string, [unknown, unknown]>) =>
  Object.entries(changes)
    .map(([field, [before, after]]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join('; ');

/** Every change made in the account, by whom, from where and when; a record's page links here with its filter. */
export function AuditPage() {
  const { t } = useT();
  const { managingAgentId } = useWorkContext();
  const [params] = useSearchParams();
  const initial = Object.fromEntries(
    [...FIELDS.map((f) => f.key), 'table' as const].map((key) => [key, params.get(key) ?? '']),
  ) as AuditFilters;
  // A table the catalogue does not name yet still shows, by its own name, rather than nothing.
  const kind = (table: string) => (isKind(table) ? t(`audit.tables.${table}`) : table);
  const kinds = KINDS.map((value) => ({ value, label: kind(value) })).sort((a, b) => a.label.localeCompare(b.label));
  const [draft, setDraft] = useState<AuditFilters>(initial);
  const [filters, setFilters] = useState<AuditFilters>(initial);
  const trail = useQuery({ ...auditQuery(managingAgentId ?? 0, filters), enabled: managingAgentId !== null });
  if (!managingAgentId) return <NoWorkAccount />;

  const exportCsv = () =>
    downloadAuditCsv(managingAgentId, filters).catch((error: Error) =>
      notifications.show({ color: 'red', message: apiErrorMessage(error, GENERIC_FAILURE_MESSAGE) }),
    );

  return (
    <Stack gap="md">
      <Title order={2}>{t('audit.title')}</Title>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('audit.filters')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setFilters(draft);
          }}
        >
          <Group align="end" wrap="wrap">
            <Select
              label={t('audit.fields.table')}
              placeholder={t('audit.anyKind')}
              w={220}
              data={kinds}
              searchable
              clearable
              value={draft.table || null}
              onChange={(value) => setDraft({ ...draft, table: value ?? '' })}
            />
            {FIELDS.map((f) => (
              <TextInput
                key={f.key}
                label={t(f.label)}
                placeholder={t(f.placeholder)}
                w={170}
                value={draft[f.key] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f.key]: e.currentTarget.value })}
              />
            ))}
            <Button type="submit">{t('audit.show')}</Button>
            <Button variant="light" onClick={() => void exportCsv()}>
              {t('audit.exportCsv')}
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('audit.changes')}>
        {trail.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(trail.error, 'Something Went wrong. Try Again Later')}
          </Alert>
        ) : null}
        {trail.data?.events.length === 0 ? <Text>{t('audit.none')}</Text> : null}
        {trail.data && trail.data.events.length > 0 ? (
          // Rows hold no control: the region itself takes focus, so a keyboard can scroll a narrow screen sideways.
          <Table.ScrollContainer minWidth={900} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t('audit.scrollable') } }}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.when')}</Table.Th>
                  <Table.Th>{t('audit.who')}</Table.Th>
                  <Table.Th>{t('audit.record')}</Table.Th>
                  <Table.Th>{t('audit.action')}</Table.Th>
                  <Table.Th>{t('audit.changes')}</Table.Th>
                  <Table.Th>{t('audit.address')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trail.data.events.map((e) => (
                  <Table.Tr key={e.eventId}>
                    <Table.Td>{formatDateTime(e.at)}</Table.Td>
                    <Table.Td>
                      {e.userNo === null
                        ? t('audit.system')
                        : t('audit.person', { name: e.userName ?? t('audit.user'), userNo: e.userNo })}
                    </Table.Td>
                    <Table.Td>
                      {kind(e.table)} {e.recordId ?? ''}
                    </Table.Td>
                    <Table.Td>{t(`audit.actions.${e.action}`)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{changeText(e.changes)}</Table.Td>
                    <Table.Td>{e.ip ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {trail.data?.more ? <Text c="dimmed">{t('audit.more')}</Text> : null}
      </Card>
    </Stack>
  );
}
