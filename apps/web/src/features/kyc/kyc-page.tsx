import { zodResolver } from '@hookform/resolvers/zod';
import {
  AmlSettingsRequest,
  GENERIC_FAILURE_MESSAGE,
  KYC_ID_KINDS,
  KYC_SUBJECT_KINDS,
  KycRequest,
  SuspicionRequest,
  ThresholdRequest,
  accountingDate,
  amountToCents,
  formatKsh,
  stripMoneyInput,
  type AmlLogItem,
  type KycSubject,
} from '@makazi/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import {
  downloadDocument,
  downloadDraftReport,
  kycKey,
  logQuery,
  markItem,
  recordQuery,
  recordSuspicion,
  saveRecord,
  saveSettings,
  saveThreshold,
  settingsQuery,
  subjectsQuery,
  suspicionsQuery,
  thresholdsQuery,
  uploadDocument,
} from './api/kyc';

const today = () => accountingDate(new Date());
const firstOfMonth = () => `${today().slice(0, 8)}01`;
const ksh = (amount: number) => formatKsh(amountToCents(amount));
const usd = (amount: number) => `US$${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What a form's last send came to: the server's refusal or its answer, in the reader's language. */
function Outcome({ mutation }: { mutation: { isError: boolean; error: unknown; data?: { message: string } | undefined } }) {
  const { tm } = useT();
  if (mutation.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="sm">
        {apiErrorMessage(mutation.error, GENERIC_FAILURE_MESSAGE)}
      </Alert>
    );
  if (mutation.data)
    return (
      <Alert color="teal" variant="light" role="status" mt="sm">
        {tm(mutation.data.message)}
      </Alert>
    );
  return null;
}

/**
 * POCAMLA's records (decision 044, docs/compliance.md): due diligence of
 * landlords and business tenants, the log of money at or above the reporting
 * threshold, suspicions with their draft report, and the officer and
 * threshold settings. Nothing here is edited or deleted: saving again adds.
 */
export function KycPage() {
  const { t } = useT();
  const { managingAgentId } = useWorkContext();
  const subjects = useQuery({ ...subjectsQuery(managingAgentId ?? 0, ''), enabled: managingAgentId !== null });
  if (!managingAgentId) return <NoWorkAccount />;
  if (subjects.isError)
    return (
      <Stack gap="md">
        <Title order={2}>{t('kyc.title')}</Title>
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(subjects.error, GENERIC_FAILURE_MESSAGE)}
        </Alert>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={2}>{t('kyc.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('kyc.intro')}
      </Text>
      <Tabs defaultValue="customers" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="customers">{t('kyc.tabs.customers')}</Tabs.Tab>
          <Tabs.Tab value="log">{t('kyc.tabs.log')}</Tabs.Tab>
          <Tabs.Tab value="suspicions">{t('kyc.tabs.suspicions')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('kyc.tabs.settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="customers" pt="md">
          <Customers managingAgentId={managingAgentId} />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <ThresholdLog managingAgentId={managingAgentId} />
        </Tabs.Panel>
        <Tabs.Panel value="suspicions" pt="md">
          <Suspicions managingAgentId={managingAgentId} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <Settings managingAgentId={managingAgentId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Customers({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<KycSubject | null>(null);
  const subjects = useQuery(subjectsQuery(managingAgentId, q.trim()));
  return (
    <Stack gap="md">
      <TextInput label={t('kyc.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={360} />
      {subjects.data && subjects.data.length === 0 && <Text>{t('kyc.noSubjects')}</Text>}
      {subjects.data && subjects.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kyc.subject')}</Table.Th>
                <Table.Th>{t('kyc.verifiedOn')}</Table.Th>
                <Table.Th>{t('kyc.documents')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subjects.data.map((s) => (
                <Table.Tr key={s.ClientNo}>
                  <Table.Td>
                    <Text fw={500}>{s.Full_name}</Text>
                    <Text size="xs" c="dimmed">
                      {s.Kinds.map((k) => t(`kyc.kinds.${k}`)).join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {s.Version === null ? (
                      <Text c="dimmed">{t('kyc.noRecord')}</Text>
                    ) : (
                      <Group gap={4}>
                        <Text>{s.VerifiedOn}</Text>
                        <Badge variant="light">{t('kyc.version', { version: s.Version })}</Badge>
                        {s.Pep && <Badge color="orange">{t('kyc.pepYes')}</Badge>}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>{s.Documents}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setOpen(s)} aria-label={`${t('kyc.open')}: ${s.Full_name}`}>
                      {s.Version === null ? t('kyc.record') : t('kyc.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open && <SubjectRecord key={open.ClientNo} managingAgentId={managingAgentId} subject={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

const KycForm = KycRequest.omit({ managingAgentId: true, ClientNo: true });
type KycInput = z.input<typeof KycForm>;
type KycOutput = z.output<typeof KycForm>;

function SubjectRecord({ managingAgentId, subject, onClose }: { managingAgentId: number; subject: KycSubject; onClose: () => void }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const record = useQuery(recordQuery(managingAgentId, subject.ClientNo));
  const latest = record.data?.Versions[0];
  const form = useForm<KycInput, unknown, KycOutput>({
    resolver: zodResolver(KycForm),
    values: {
      Kind: latest?.Kind ?? subject.Kinds[0] ?? 'landlord',
      FullName: latest?.FullName ?? subject.Full_name,
      IdKind: latest?.IdKind ?? 'national_id',
      IdNumber: latest?.IdNumber ?? '',
      KraPin: latest?.KraPin ?? '',
      Pep: latest?.Pep ?? false,
      PepDetails: latest?.PepDetails ?? '',
      VerifiedOn: today(),
      BeneficialOwners: latest?.BeneficialOwners ?? [],
      Note: '',
    },
  });
  const owners = useFieldArray({ control: form.control, name: 'BeneficialOwners' });
  const { errors } = form.formState;
  const refresh = () => client.invalidateQueries({ queryKey: kycKey(managingAgentId) });
  const save = useMutation({
    mutationFn: (values: KycOutput) => saveRecord({ managingAgentId, ClientNo: subject.ClientNo, ...values }),
    onSuccess: refresh,
  });
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: () => uploadDocument(managingAgentId, subject.ClientNo, description.trim(), file!),
    onSuccess: async () => {
      setFile(null);
      setDescription('');
      await refresh();
    },
  });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('kyc.form.title', { name: subject.Full_name })}>
      <Title order={3} size="h4" mb="sm">
        {t('kyc.form.title', { name: subject.Full_name })}
      </Title>
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
          <NativeSelect
            label={t('kyc.form.kind')}
            data={KYC_SUBJECT_KINDS.map((k) => ({ value: k, label: t(`kyc.kinds.${k}`) }))}
            error={tm(errors.Kind?.message)}
            {...form.register('Kind')}
          />
          <TextInput label={t('kyc.form.fullName')} error={tm(errors.FullName?.message)} {...form.register('FullName')} />
          <NativeSelect
            label={t('kyc.form.idKind')}
            data={KYC_ID_KINDS.map((k) => ({ value: k, label: t(`kyc.form.idKinds.${k}`) }))}
            error={tm(errors.IdKind?.message)}
            {...form.register('IdKind')}
          />
          <TextInput label={t('kyc.form.idNumber')} error={tm(errors.IdNumber?.message)} {...form.register('IdNumber')} />
          <TextInput label={t('kyc.form.kraPin')} placeholder="A123456789B" error={tm(errors.KraPin?.message)} {...form.register('KraPin')} />
          <TextInput type="date" label={t('kyc.form.verifiedOn')} error={tm(errors.VerifiedOn?.message)} {...form.register('VerifiedOn')} />
          <Checkbox mt="md" label={t('kyc.form.pep')} {...form.register('Pep')} />
          <TextInput label={t('kyc.form.pepDetails')} error={tm(errors.PepDetails?.message)} {...form.register('PepDetails')} />
        </SimpleGrid>
        <Title order={4} size="h5" mb="xs">
          {t('kyc.form.owners')}
        </Title>
        {owners.fields.map((field, i) => (
          <Group key={field.id} align="flex-end" mb="xs" wrap="wrap">
            <TextInput
              label={t('kyc.form.ownerName')}
              error={tm(errors.BeneficialOwners?.[i]?.Name?.message)}
              {...form.register(`BeneficialOwners.${i}.Name`)}
            />
            <TextInput
              label={t('kyc.form.ownerId')}
              error={tm(errors.BeneficialOwners?.[i]?.IdNumber?.message)}
              {...form.register(`BeneficialOwners.${i}.IdNumber`)}
            />
            <TextInput
              label={t('kyc.form.ownerShare')}
              inputMode="decimal"
              w={110}
              error={tm(errors.BeneficialOwners?.[i]?.SharePercent?.message)}
              {...form.register(`BeneficialOwners.${i}.SharePercent`)}
            />
            <Checkbox mb={8} label={t('kyc.form.ownerPep')} {...form.register(`BeneficialOwners.${i}.Pep`)} />
            <Button variant="subtle" color="red" onClick={() => owners.remove(i)}>
              {t('kyc.form.removeOwner')}
            </Button>
          </Group>
        ))}
        {errors.BeneficialOwners?.root?.message || errors.BeneficialOwners?.message ? (
          <Text c="red" size="sm" role="alert">
            {tm(errors.BeneficialOwners?.root?.message ?? errors.BeneficialOwners?.message)}
          </Text>
        ) : null}
        <Button variant="default" size="xs" mb="sm" onClick={() => owners.append({ Name: '', IdNumber: '', SharePercent: '' as unknown as number, Pep: false })}>
          {t('kyc.form.addOwner')}
        </Button>
        <Textarea label={t('kyc.form.note')} autosize minRows={1} mb="sm" {...form.register('Note')} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t('kyc.form.submit')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('kyc.form.close')}
          </Button>
        </Group>
        <Outcome mutation={save} />
      </form>

      <Title order={4} size="h5" mt="lg" mb="xs">
        {t('kyc.documents')}
      </Title>
      {record.data?.Documents.map((d) => (
        <Group key={d.DocumentId} gap="xs">
          <Button variant="subtle" size="compact-sm" onClick={() => void downloadDocument(managingAgentId, d.DocumentId, d.FileName)}>
            {d.FileName}
          </Button>
          <Text size="sm" c="dimmed">
            {d.Description}
          </Text>
        </Group>
      ))}
      <Group align="flex-end" mt="xs" wrap="wrap">
        <TextInput label={t('kyc.upload.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <FileInput label={t('kyc.upload.file')} accept="application/pdf,image/jpeg,image/png,image/webp" value={file} onChange={setFile} miw={220} />
        <Button disabled={!file} loading={upload.isPending} onClick={() => upload.mutate()}>
          {t('kyc.upload.submit')}
        </Button>
      </Group>
      <Outcome mutation={upload} />

      {record.data && record.data.Versions.length > 0 && (
        <>
          <Title order={4} size="h5" mt="lg" mb="xs">
            {t('kyc.history')}
          </Title>
          <Stack gap={4}>
            {record.data.Versions.map((v) => (
              <Text key={v.KycId} size="sm">
                {t('kyc.version', { version: v.Version })} · {v.FullName} · {v.IdNumber} · {v.KraPin} · {t('kyc.verifiedOn')} {v.VerifiedOn} ·{' '}
                {t('kyc.verifiedBy')} {v.VerifiedBy}
                {v.Pep ? ` · ${t('kyc.pepYes')}` : ''}
              </Text>
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}

function ThresholdLog({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const client = useQueryClient();
  const [period, setPeriod] = useState({ from: firstOfMonth(), to: today() });
  const [draft, setDraft] = useState(period);
  const log = useQuery(logQuery(managingAgentId, period.from, period.to));
  const thresholds = useQuery(thresholdsQuery(managingAgentId));
  const now = thresholds.data?.find((th) => th.FromDate <= today());
  const mark = useMutation({
    mutationFn: ({ item, status }: { item: AmlLogItem; status: 'reviewed' | 'reported' }) =>
      markItem({ managingAgentId, Source: item.Source, SourceId: item.SourceId, Status: status }),
    onSuccess: () => client.invalidateQueries({ queryKey: kycKey(managingAgentId) }),
  });
  return (
    <Stack gap="md">
      {now && (
        <Text size="sm">
          {t('kyc.log.thresholdNow', { usd: usd(now.Usd), rate: now.KshPerUsd, ksh: ksh(now.Ksh) })}
        </Text>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput type="date" label={t('kyc.log.from')} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
        <TextInput type="date" label={t('kyc.log.to')} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
        <Button onClick={() => setPeriod(draft)}>{t('kyc.log.show')}</Button>
      </Group>
      {log.isError && (
        <Alert color="red" variant="light" role="alert">
          {apiErrorMessage(log.error, GENERIC_FAILURE_MESSAGE)}
        </Alert>
      )}
      {log.data && log.data.length === 0 && <Text>{t('kyc.log.none')}</Text>}
      {log.data && log.data.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t('kyc.tabs.log')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kyc.log.date')}</Table.Th>
                <Table.Th>{t('kyc.log.kind')}</Table.Th>
                <Table.Th>{t('kyc.log.party')}</Table.Th>
                <Table.Th>{t('kyc.log.amount')}</Table.Th>
                <Table.Th>{t('kyc.log.reference')}</Table.Th>
                <Table.Th>{t('kyc.log.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.map((item) => (
                <Table.Tr key={`${item.Source}-${item.SourceId}`}>
                  <Table.Td>{item.MoneyDate}</Table.Td>
                  <Table.Td>{t(`kyc.log.sources.${item.Source}`)}</Table.Td>
                  <Table.Td>{item.Party}</Table.Td>
                  <Table.Td>{ksh(item.Amount)}</Table.Td>
                  <Table.Td>
                    {item.Reference} {item.Method ? `(${item.Method})` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={item.Status === 'open' ? 'red' : item.Status === 'reported' ? 'teal' : 'blue'} variant="light">
                      {t(`kyc.log.statuses.${item.Status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="light" onClick={() => mark.mutate({ item, status: 'reviewed' })}>
                        {t('kyc.log.markReviewed')}
                      </Button>
                      <Button size="compact-xs" variant="light" color="teal" onClick={() => mark.mutate({ item, status: 'reported' })}>
                        {t('kyc.log.markReported')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Outcome mutation={mark} />
    </Stack>
  );
}

const SuspicionForm = SuspicionRequest.omit({ managingAgentId: true, ClientNo: true });
type SuspicionInput = z.input<typeof SuspicionForm>;
type SuspicionOutput = z.output<typeof SuspicionForm>;

function Suspicions({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const list = useQuery(suspicionsQuery(managingAgentId));
  const form = useForm<SuspicionInput, unknown, SuspicionOutput>({
    resolver: zodResolver(SuspicionForm),
    defaultValues: { SubjectName: '', SubjectDetails: '', TransactionDetails: '', Amount: undefined, OccurredOn: today(), Grounds: '' },
  });
  const { errors } = form.formState;
  const record = useMutation({
    mutationFn: (values: SuspicionOutput) => {
      const typed = String(form.getValues('Amount') ?? '').trim();
      return recordSuspicion({ managingAgentId, ...values, Amount: typed ? stripMoneyInput(typed) : undefined });
    },
    onSuccess: async () => {
      form.reset();
      await client.invalidateQueries({ queryKey: kycKey(managingAgentId) });
    },
  });
  const [downloading, setDownloading] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label={t('kyc.suspicions.record')}>
        <Title order={3} size="h4" mb="sm">
          {t('kyc.suspicions.record')}
        </Title>
        <form onSubmit={form.handleSubmit((v) => record.mutate(v))} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
            <TextInput label={t('kyc.suspicions.subjectName')} error={tm(errors.SubjectName?.message)} {...form.register('SubjectName')} />
            <TextInput label={t('kyc.suspicions.subjectDetails')} {...form.register('SubjectDetails')} />
            <TextInput type="date" label={t('kyc.suspicions.occurredOn')} error={tm(errors.OccurredOn?.message)} {...form.register('OccurredOn')} />
            <TextInput
              label={t('kyc.suspicions.amount')}
              inputMode="decimal"
              error={tm(errors.Amount?.message)}
              {...form.register('Amount', { setValueAs: (v: string) => (String(v ?? '').trim() === '' ? undefined : v) })}
            />
          </SimpleGrid>
          <Textarea label={t('kyc.suspicions.transactionDetails')} autosize minRows={2} mb="sm" error={tm(errors.TransactionDetails?.message)} {...form.register('TransactionDetails')} />
          <Textarea label={t('kyc.suspicions.grounds')} autosize minRows={3} mb="sm" error={tm(errors.Grounds?.message)} {...form.register('Grounds')} />
          <Button type="submit" loading={record.isPending}>
            {t('kyc.suspicions.submit')}
          </Button>
          <Outcome mutation={record} />
        </form>
      </Card>
      {list.data && list.data.length === 0 && <Text>{t('kyc.suspicions.none')}</Text>}
      {list.data?.map((s) => (
        <Card key={s.SuspicionId} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={500}>
                {s.SubjectName} · {s.OccurredOn}
                {s.Amount !== null ? ` · ${ksh(s.Amount)}` : ''}
              </Text>
              <Text size="sm">{s.TransactionDetails}</Text>
              <Text size="xs" c="dimmed">
                {t('kyc.suspicions.recordedBy')} {s.RecordedBy}
              </Text>
            </div>
            <Button
              variant="light"
              loading={downloading === String(s.SuspicionId)}
              onClick={() => {
                setDownloading(String(s.SuspicionId));
                void downloadDraftReport(managingAgentId, s.SuspicionId).finally(() => setDownloading(null));
              }}
            >
              {t('kyc.suspicions.draft')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

const SettingsForm = AmlSettingsRequest.omit({ managingAgentId: true });
type SettingsInput = z.input<typeof SettingsForm>;
type SettingsOutput = z.output<typeof SettingsForm>;
const ThresholdForm = ThresholdRequest.omit({ managingAgentId: true });
type ThresholdInput = z.input<typeof ThresholdForm>;
type ThresholdOutput = z.output<typeof ThresholdForm>;

function Settings({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const client = useQueryClient();
  const settings = useQuery(settingsQuery(managingAgentId));
  const thresholds = useQuery(thresholdsQuery(managingAgentId));
  const s = settings.data;
  const form = useForm<SettingsInput, unknown, SettingsOutput>({
    resolver: zodResolver(SettingsForm),
    values: {
      OfficerUserNo: s?.OfficerUserNo ?? null,
      OfficerName: s?.OfficerName ?? '',
      OfficerContact: s?.OfficerContact ?? '',
      FrcRegistrationNo: s?.FrcRegistrationNo ?? '',
      FrcRegisteredOn: s?.FrcRegisteredOn ?? null,
    },
  });
  const refresh = () => client.invalidateQueries({ queryKey: kycKey(managingAgentId) });
  const save = useMutation({ mutationFn: (v: SettingsOutput) => saveSettings({ managingAgentId, ...v }), onSuccess: refresh });
  const thresholdForm = useForm<ThresholdInput, unknown, ThresholdOutput>({
    resolver: zodResolver(ThresholdForm),
    defaultValues: { FromDate: today(), Usd: '15,000', KshPerUsd: '' as unknown as number, Source: '' },
  });
  const addThreshold = useMutation({
    mutationFn: (v: ThresholdOutput) =>
      saveThreshold({ managingAgentId, ...v, Usd: stripMoneyInput(String(thresholdForm.getValues('Usd'))) }),
    onSuccess: refresh,
  });
  const { errors } = form.formState;
  const te = thresholdForm.formState.errors;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label={t('kyc.settings.officer')}>
        <Title order={3} size="h4" mb="sm">
          {t('kyc.settings.officer')}
        </Title>
        <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
            <NativeSelect
              label={t('kyc.settings.officerUser')}
              data={[{ value: '', label: '—' }, ...(s?.Users ?? []).map((u) => ({ value: String(u.UserNo), label: u.Name }))]}
              {...form.register('OfficerUserNo', { setValueAs: (v: string) => (v === '' || v == null ? null : Number(v)) })}
            />
            <TextInput label={t('kyc.settings.officerName')} error={tm(errors.OfficerName?.message)} {...form.register('OfficerName')} />
            <TextInput label={t('kyc.settings.officerContact')} error={tm(errors.OfficerContact?.message)} {...form.register('OfficerContact')} />
            <TextInput label={t('kyc.settings.frcNo')} {...form.register('FrcRegistrationNo')} />
            <TextInput
              type="date"
              label={t('kyc.settings.frcOn')}
              error={tm(errors.FrcRegisteredOn?.message)}
              {...form.register('FrcRegisteredOn', { setValueAs: (v: string) => (v ? v : null) })}
            />
          </SimpleGrid>
          <Button type="submit" loading={save.isPending}>
            {t('kyc.settings.submit')}
          </Button>
          <Outcome mutation={save} />
        </form>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-label={t('kyc.settings.thresholds')}>
        <Title order={3} size="h4" mb="sm">
          {t('kyc.settings.thresholds')}
        </Title>
        {thresholds.data && (
          <Table.ScrollContainer minWidth={520}>
            <Table mb="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('kyc.settings.fromDate')}</Table.Th>
                  <Table.Th>{t('kyc.settings.usd')}</Table.Th>
                  <Table.Th>{t('kyc.settings.rate')}</Table.Th>
                  <Table.Th>{t('kyc.settings.ksh')}</Table.Th>
                  <Table.Th>{t('kyc.settings.source')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {thresholds.data.map((th) => (
                  <Table.Tr key={th.ThresholdId}>
                    <Table.Td>{th.FromDate}</Table.Td>
                    <Table.Td>{usd(th.Usd)}</Table.Td>
                    <Table.Td>{th.KshPerUsd}</Table.Td>
                    <Table.Td>{ksh(th.Ksh)}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{th.Source}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form onSubmit={thresholdForm.handleSubmit((v) => addThreshold.mutate(v))} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 4 }} mb="sm">
            <TextInput type="date" label={t('kyc.settings.fromDate')} error={tm(te.FromDate?.message)} {...thresholdForm.register('FromDate')} />
            <TextInput label={t('kyc.settings.usd')} inputMode="decimal" error={tm(te.Usd?.message)} {...thresholdForm.register('Usd')} />
            <TextInput label={t('kyc.settings.rate')} inputMode="decimal" error={tm(te.KshPerUsd?.message)} {...thresholdForm.register('KshPerUsd')} />
            <TextInput label={t('kyc.settings.source')} {...thresholdForm.register('Source')} />
          </SimpleGrid>
          <Button type="submit" loading={addThreshold.isPending}>
            {t('kyc.settings.addThreshold')}
          </Button>
          <Outcome mutation={addThreshold} />
        </form>
      </Card>
    </Stack>
  );
}
