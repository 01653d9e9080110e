import {
  API,
  DP_REQUEST_KINDS,
  GENERIC_FAILURE_MESSAGE,
  isRoleAllowed,
  RecordBreachRequest,
  RecordDataRequest,
  RETENTION_YEARS,
  type BreachView,
  type DataRequestView,
} from '@makazi/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useT } from '../../lib/i18n';
import { schemaResolver } from '../../lib/schema-resolver';
import { sessionRoleList, useSession, useWorkContext } from '../../lib/session';
import { breachesQuery, dataRequestsQuery, downloadPersonData, dpPost } from './api/data-protection';

type T = ReturnType<typeof useT>['t'];

/** The clock in words: days while there are two or more, then hours; overdue the same way. */
function clockText(t: T, hours: number) {
  if (hours >= 48) return t('dataProtection.daysLeft', { count: Math.floor(hours / 24) });
  if (hours >= 0) return t('dataProtection.hoursLeft', { count: hours });
  if (hours > -48) return t('dataProtection.overdueBy', { count: -hours });
  return t('dataProtection.overdueDays', { count: Math.floor(-hours / 24) });
}

function Clock({ hours }: { hours: number | null }) {
  const { t } = useT();
  if (hours === null) return null;
  // Text, not a badge: a badge cuts 'Overdue by 3 days' short in a narrow column.
  return (
    <Text fw={700} size="sm" c={hours < 0 ? 'red.9' : hours < 48 ? 'orange.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
      {clockText(t, hours)}
    </Text>
  );
}

/** propertymanagement/{space}/data-protection (docs/data-protection.md): requests with their clocks, breaches, retention. */
export function DataProtectionPage() {
  const { t } = useT();
  const { session } = useSession();
  const { role, managingAgentId } = useWorkContext();
  const [tab, setTab] = useState<string>('requests');
  if (!managingAgentId) return <NoWorkAccount />;
  const admin = isRoleAllowed(role, sessionRoleList(session, 'adminOnlyAllowed'));
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('dataProtection.title')}</Title>
        <Text c="dimmed">{t('dataProtection.intro')}</Text>
      </div>
      {admin ? (
        <Tabs value={tab} onChange={(v) => v && setTab(v)}>
          <Tabs.List>
            <Tabs.Tab value="requests">{t('dataProtection.tabs.requests')}</Tabs.Tab>
            <Tabs.Tab value="breaches">{t('dataProtection.tabs.breaches')}</Tabs.Tab>
            <Tabs.Tab value="retention">{t('dataProtection.tabs.retention')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      ) : null}
      {tab === 'requests' || !admin ? <RequestsView managingAgentId={managingAgentId} admin={admin} /> : null}
      {admin && tab === 'breaches' ? <BreachesView managingAgentId={managingAgentId} /> : null}
      {admin && tab === 'retention' ? <RetentionView managingAgentId={managingAgentId} /> : null}
    </Stack>
  );
}

function useSaved(managingAgentId: number, onDone?: () => void) {
  const { tm } = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> }) => dpPost(path, { managingAgentId, ...body }),
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: tm(result.message) });
      onDone?.();
      return queryClient.invalidateQueries({ queryKey: ['data-protection', managingAgentId] });
    },
  });
}

function RequestsView({ managingAgentId, admin }: { managingAgentId: number; admin: boolean }) {
  const { t } = useT();
  const list = useQuery(dataRequestsQuery(managingAgentId));
  const [answering, setAnswering] = useState<DataRequestView | null>(null);
  const [erasing, setErasing] = useState<DataRequestView | null>(null);
  const download = (clientNo: number, kind: 'json' | 'pdf') =>
    downloadPersonData(managingAgentId, clientNo, kind).catch((error: Error) =>
      notifications.show({ color: 'red', message: apiErrorMessage(error, GENERIC_FAILURE_MESSAGE) }),
    );
  return (
    <Stack gap="md">
      <RecordRequestCard managingAgentId={managingAgentId} />
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dp-requests-title">
        <Title order={3} size="h4" mb="xs" id="dp-requests-title">
          {t('dataProtection.tabs.requests')}
        </Title>
        {list.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(list.error, GENERIC_FAILURE_MESSAGE)}
          </Alert>
        ) : list.data && list.data.requests.length === 0 ? (
          <Text c="dimmed">{t('dataProtection.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dataProtection.person')}</Table.Th>
                  <Table.Th>{t('dataProtection.kind')}</Table.Th>
                  <Table.Th>{t('dataProtection.received')}</Table.Th>
                  <Table.Th>{t('dataProtection.due')}</Table.Th>
                  <Table.Th>{t('dataProtection.clock')}</Table.Th>
                  {admin ? <Table.Th>{t('dataProtection.actions')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.requests.map((r) => (
                  <Table.Tr key={r.requestId} data-overdue={r.overdue || undefined}>
                    <Table.Td>
                      <Text fw={600}>{r.personName}</Text>
                      <Text size="sm" c="dimmed">
                        {t('dataProtection.clientNo')} {r.clientNo} · {t(`dataProtection.sources.${r.source}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text>{t(`dataProtection.kinds.${r.kind}`)}</Text>
                      {r.details ? (
                        <Text size="sm" c="dimmed">
                          {r.details}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{formatDateTime(r.receivedAt)}</Table.Td>
                    <Table.Td>{formatDateTime(r.dueAt)}</Table.Td>
                    <Table.Td>
                      {r.closedAt ? (
                        <Stack gap={2}>
                          <Badge color={r.outcome === 'done' ? 'teal' : 'gray'} variant="light">
                            {t(`dataProtection.outcomes.${r.outcome ?? 'done'}`)}
                          </Badge>
                          <Text size="sm">{r.answer}</Text>
                        </Stack>
                      ) : (
                        <Clock hours={r.hoursLeft} />
                      )}
                    </Table.Td>
                    {admin ? (
                      <Table.Td>
                        <Group gap={6} wrap="wrap">
                          <Button size="xs" variant="default" onClick={() => void download(r.clientNo, 'pdf')} aria-label={`${t('dataProtection.exportPdf')}: ${r.personName}`}>
                            {t('dataProtection.exportPdf')}
                          </Button>
                          <Button size="xs" variant="default" onClick={() => void download(r.clientNo, 'json')} aria-label={`${t('dataProtection.exportJson')}: ${r.personName}`}>
                            {t('dataProtection.exportJson')}
                          </Button>
                          {!r.closedAt ? (
                            <Button size="xs" onClick={() => setAnswering(r)} aria-label={`${t('dataProtection.answer')}: ${r.personName}`}>
                              {t('dataProtection.answer')}
                            </Button>
                          ) : null}
                          {r.kind === 'erasure' && !r.closedAt ? (
                            <Button size="xs" color="red" variant="outline" onClick={() => setErasing(r)} aria-label={`${t('dataProtection.erase')}: ${r.personName}`}>
                              {t('dataProtection.erase')}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {answering ? <AnswerModal request={answering} managingAgentId={managingAgentId} onClose={() => setAnswering(null)} /> : null}
      {erasing ? <EraseModal request={erasing} managingAgentId={managingAgentId} onClose={() => setErasing(null)} /> : null}
    </Stack>
  );
}

const RecordForm = RecordDataRequest.omit({ managingAgentId: true });

function RecordRequestCard({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const form = useForm({ resolver: schemaResolver(RecordForm), defaultValues: { clientNo: '' as unknown as number, kind: 'access' as const, details: '' } });
  const save = useSaved(managingAgentId, () => form.reset());
  const { tm } = useT();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dp-record-title">
      <Title order={3} size="h4" id="dp-record-title">
        {t('dataProtection.record')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('dataProtection.recordHint')}
      </Text>
      <form onSubmit={form.handleSubmit((values) => save.mutate({ path: API.dataProtection.record, body: values }))} noValidate>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('dataProtection.clientNo')}
            inputMode="numeric"
            w={160}
            {...form.register('clientNo')}
            error={form.formState.errors.clientNo?.message ? tm(form.formState.errors.clientNo.message) : undefined}
          />
          <Controller
            control={form.control}
            name="kind"
            render={({ field, fieldState }) => (
              <Select
                label={t('dataProtection.kind')}
                w={200}
                data={DP_REQUEST_KINDS.map((k) => ({ value: k, label: t(`dataProtection.kinds.${k}`) }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'access')}
                error={fieldState.error?.message ? tm(fieldState.error.message) : undefined}
                allowDeselect={false}
              />
            )}
          />
          <TextInput label={t('dataProtection.details')} miw={240} style={{ flex: 1 }} {...form.register('details')} />
        </Group>
        {save.isError ? (
          <Alert color="red" variant="light" role="alert" mt="sm">
            {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
          </Alert>
        ) : null}
        <Button type="submit" mt="sm" loading={save.isPending}>
          {t('dataProtection.save')}
        </Button>
      </form>
    </Card>
  );
}

function AnswerModal({ request, managingAgentId, onClose }: { request: DataRequestView; managingAgentId: number; onClose: () => void }) {
  const { t } = useT();
  const [outcome, setOutcome] = useState<'done' | 'refused'>('done');
  const [answer, setAnswer] = useState('');
  const save = useSaved(managingAgentId, onClose);
  return (
    <Modal opened onClose={onClose} title={t('dataProtection.answerTitle')}>
      <Stack gap="sm">
        <Text fw={600}>
          {request.personName} · {t(`dataProtection.kinds.${request.kind}`)}
        </Text>
        {request.kind === 'correction' ? <Text size="sm">{t('dataProtection.correctionHint')}</Text> : null}
        <SegmentedControl
          aria-label={t('dataProtection.outcome')}
          value={outcome}
          onChange={(v) => setOutcome(v as 'done' | 'refused')}
          data={[
            { value: 'done', label: t('dataProtection.outcomes.done') },
            { value: 'refused', label: t('dataProtection.outcomes.refused') },
          ]}
        />
        <Textarea label={t('dataProtection.answerNote')} value={answer} onChange={(e) => setAnswer(e.currentTarget.value)} autosize minRows={3} />
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dataProtection.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate({ path: API.dataProtection.close, body: { requestId: request.requestId, outcome, answer } })}>
            {t('dataProtection.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function EraseModal({ request, managingAgentId, onClose }: { request: DataRequestView; managingAgentId: number; onClose: () => void }) {
  const { t } = useT();
  const save = useSaved(managingAgentId, onClose);
  return (
    <Modal opened onClose={onClose} title={t('dataProtection.eraseTitle')}>
      <Stack gap="sm">
        <Text fw={600}>{request.personName}</Text>
        <Text size="sm">{t('dataProtection.eraseBody', { clientNo: request.clientNo })}</Text>
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dataProtection.cancel')}
          </Button>
          <Button color="red" loading={save.isPending} onClick={() => save.mutate({ path: API.dataProtection.erase, body: { clientNo: request.clientNo } })}>
            {t('dataProtection.eraseConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const BreachForm = RecordBreachRequest.omit({ managingAgentId: true });

function BreachesView({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const list = useQuery(breachesQuery(managingAgentId));
  const [notifying, setNotifying] = useState<BreachView | null>(null);
  const form = useForm({
    resolver: schemaResolver(BreachForm),
    defaultValues: { discoveredAt: '', description: '', peopleAffected: '' as unknown as number, measures: '' },
  });
  const save = useSaved(managingAgentId, () => form.reset());
  const err = (message?: string) => (message ? tm(message) : undefined);
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('dataProtection.breachesIntro')}</Text>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dp-breach-title">
        <Title order={3} size="h4" mb="xs" id="dp-breach-title">
          {t('dataProtection.recordBreach')}
        </Title>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) =>
            save.mutate({ path: API.dataProtection.recordBreach, body: { ...values, discoveredAt: new Date(values.discoveredAt).toISOString() } }),
          )}
        >
          <Stack gap="sm">
            <Group align="flex-start" wrap="wrap">
              <TextInput type="datetime-local" label={t('dataProtection.discoveredAt')} w={240} {...form.register('discoveredAt')} error={err(form.formState.errors.discoveredAt?.message)} />
              <TextInput label={t('dataProtection.peopleAffected')} inputMode="numeric" w={180} {...form.register('peopleAffected')} error={err(form.formState.errors.peopleAffected?.message)} />
            </Group>
            <Textarea label={t('dataProtection.description')} autosize minRows={2} {...form.register('description')} error={err(form.formState.errors.description?.message)} />
            <Textarea label={t('dataProtection.measures')} autosize minRows={2} {...form.register('measures')} />
            {save.isError ? (
              <Alert color="red" variant="light" role="alert">
                {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('dataProtection.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-label={t('dataProtection.tabs.breaches')}>
        {list.data && list.data.length === 0 ? (
          <Text c="dimmed">{t('dataProtection.noBreaches')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dataProtection.discoveredAt')}</Table.Th>
                  <Table.Th>{t('dataProtection.description')}</Table.Th>
                  <Table.Th>{t('dataProtection.peopleAffected')}</Table.Th>
                  <Table.Th>{t('dataProtection.notifyBy')}</Table.Th>
                  <Table.Th>{t('dataProtection.notified')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.map((b) => (
                  <Table.Tr key={b.breachId}>
                    <Table.Td>{formatDateTime(b.discoveredAt)}</Table.Td>
                    <Table.Td>
                      <Text>{b.description}</Text>
                      {b.measures ? (
                        <Text size="sm" c="dimmed">
                          {b.measures}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{b.peopleAffected}</Table.Td>
                    <Table.Td>{formatDateTime(b.notifyBy)}</Table.Td>
                    <Table.Td>
                      {b.odpcNotifiedAt ? (
                        <Text size="sm">
                          {formatDateTime(b.odpcNotifiedAt)}
                          {b.late ? ` (${t('dataProtection.notifiedLate')})` : ''}
                        </Text>
                      ) : (
                        <Stack gap={4} align="flex-start">
                          <Clock hours={b.hoursLeft} />
                          <Button size="xs" variant="default" onClick={() => setNotifying(b)}>
                            {t('dataProtection.markNotified')}
                          </Button>
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {notifying ? <NotifiedModal breach={notifying} managingAgentId={managingAgentId} onClose={() => setNotifying(null)} /> : null}
    </Stack>
  );
}

function NotifiedModal({ breach, managingAgentId, onClose }: { breach: BreachView; managingAgentId: number; onClose: () => void }) {
  const { t } = useT();
  const [at, setAt] = useState('');
  const save = useSaved(managingAgentId, onClose);
  return (
    <Modal opened onClose={onClose} title={t('dataProtection.markNotified')}>
      <Stack gap="sm">
        <Text size="sm">{breach.description}</Text>
        <TextInput type="datetime-local" label={t('dataProtection.notifiedAt')} value={at} onChange={(e) => setAt(e.currentTarget.value)} />
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dataProtection.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                path: API.dataProtection.breachNotified,
                body: { breachId: breach.breachId, notifiedAt: at ? new Date(at).toISOString() : '' },
              })
            }
          >
            {t('dataProtection.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RetentionView({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const list = useQuery(dataRequestsQuery(managingAgentId));
  const [years, setYears] = useState<number | string | null>(null);
  const save = useSaved(managingAgentId);
  const value = years ?? list.data?.retentionYears ?? RETENTION_YEARS.default;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dp-retention-title" maw={640}>
      <Title order={3} size="h4" id="dp-retention-title">
        {t('dataProtection.retentionTitle')}
      </Title>
      <Text size="sm" c="dimmed" my="xs">
        {t('dataProtection.retentionIntro')}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ path: API.dataProtection.retention, body: { retentionYears: value } });
        }}
      >
        <NumberInput label={t('dataProtection.retentionYears')} min={RETENTION_YEARS.min} max={RETENTION_YEARS.max} value={value} onChange={setYears} w={240} />
        {save.isError ? (
          <Alert color="red" variant="light" role="alert" mt="sm">
            {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
          </Alert>
        ) : null}
        <Button type="submit" mt="sm" loading={save.isPending}>
          {t('dataProtection.save')}
        </Button>
      </form>
    </Card>
  );
}
