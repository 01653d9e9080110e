import { BOOK_COLUMNS, BOOK_SHEETS, type BookColumn, type BookImported, type BookPreview, type BookSheet, type Language } from '@makazi/domain';
import { Alert, Button, Card, FileInput, Group, List, Progress, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { NoWorkAccount } from '../../components/no-work-account';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { useWorkContext } from '../../lib/session';
import { confirmBook, downloadTemplate, mappingsQuery, previewBook, progressQuery, saveMapping } from './api';

type UploadForm = { file: File | null };
type MappingForm = { Sheet: BookSheet; Columns: Record<string, string> };

/** Admin → Import the book (docs/decisions/052-book-import.md): template, preview, confirm; and a layout of the agency's own, mapped once. */
export function BookImportPage() {
  const { managingAgentId } = useWorkContext();
  if (!managingAgentId) return <NoWorkAccount />;
  return <BookImport managingAgentId={managingAgentId} />;
}

export function BookImport({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const [lang, setLang] = useState<Language>('en');
  const [preview, setPreview] = useState<BookPreview | null>(null);
  const [done, setDone] = useState<BookImported | null>(null);
  const upload = useForm<UploadForm>({ defaultValues: { file: null } });
  const file = useWatch({ control: upload.control, name: 'file' });
  const check = useMutation({
    mutationFn: (f: File) => previewBook(managingAgentId, f),
    onSuccess: (answer) => {
      setPreview(answer);
      setDone(null);
    },
  });
  const confirm = useMutation({ mutationFn: (f: File) => confirmBook(managingAgentId, f), onSuccess: setDone });
  const busy = check.isPending || confirm.isPending;
  const progress = useQuery(progressQuery(managingAgentId, busy));
  const failure = check.error ?? confirm.error;
  const rows = preview?.Sheets.reduce((n, s) => n + s.Rows, 0) ?? 0;
  const stage = progress.data?.Stage ?? 'reading';

  return (
    <Stack gap="md" maw={1000}>
      <Title order={2}>{t('bookImport.title')}</Title>
      <Text c="dimmed">{t('bookImport.intro')}</Text>

      <Card withBorder>
        <Title order={3}>{t('bookImport.template.title')}</Title>
        <Group align="end">
          <Select
            label={t('bookImport.template.language')}
            data={[
              { value: 'en', label: 'English' },
              { value: 'sw', label: 'Kiswahili' },
            ]}
            value={lang}
            onChange={(v) => setLang(v === 'sw' ? 'sw' : 'en')}
            allowDeselect={false}
          />
          <Button variant="light" onClick={() => void downloadTemplate(managingAgentId, lang)}>
            {t('bookImport.template.download')}
          </Button>
        </Group>
      </Card>

      <Card withBorder>
        <form
          onSubmit={upload.handleSubmit((v) => {
            if (v.file) check.mutate(v.file);
          })}
        >
          <Stack>
            <Title order={3}>{t('bookImport.upload.title')}</Title>
            <Controller
              control={upload.control}
              name="file"
              render={({ field }) => (
                <FileInput
                  label={t('bookImport.upload.file')}
                  accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  value={field.value}
                  onChange={(f) => {
                    field.onChange(f);
                    setPreview(null);
                    setDone(null);
                  }}
                  clearable
                  clearButtonProps={{ 'aria-label': t('mpesaScreens.clearFile') }}
                />
              )}
            />
            <Group>
              <Button type="submit" disabled={!file || busy}>
                {t('bookImport.upload.preview')}
              </Button>
              {preview && preview.ProblemCount === 0 && !done ? (
                <Button color="green" disabled={!file || busy} onClick={() => file && confirm.mutate(file)}>
                  {t('bookImport.upload.confirm', { rows })}
                </Button>
              ) : null}
            </Group>
            {busy ? (
              <Stack gap={4} aria-live="polite">
                <Text size="sm">{t(`bookImport.progress.${stage}`, { done: progress.data?.Done ?? 0, total: progress.data?.Total ?? 0 })}</Text>
                <Progress value={progress.data && progress.data.Total > 0 ? (100 * progress.data.Done) / progress.data.Total : 100} animated />
              </Stack>
            ) : null}
            {failure ? <Alert color="red">{apiErrorMessage(failure, 'Something went Wrong. Try again later!')}</Alert> : null}
            {done ? (
              <Alert color="green">
                {t('bookImport.done', {
                  landlords: done.Created.Landlords,
                  properties: done.Created.Properties,
                  houses: done.Created.Houses,
                  tenants: done.Created.Tenants,
                  tenancies: done.Created.Tenancies,
                })}
              </Alert>
            ) : null}
          </Stack>
        </form>
      </Card>

      {preview ? <PreviewCard preview={preview} /> : null}
      <MappingCard managingAgentId={managingAgentId} />
    </Stack>
  );
}

function PreviewCard({ preview }: { preview: BookPreview }) {
  const { t, tm } = useT();
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>{t('bookImport.preview.title')}</Title>
        <Table aria-label={t('bookImport.preview.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bookImport.preview.sheet')}</Table.Th>
              <Table.Th>{t('bookImport.preview.rows')}</Table.Th>
              <Table.Th>{t('bookImport.preview.create')}</Table.Th>
              <Table.Th>{t('bookImport.preview.match')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.Sheets.map((s) => (
              <Table.Tr key={s.Sheet}>
                <Table.Td>{t(`bookImport.sheets.${s.Sheet}`)}</Table.Td>
                <Table.Td>{s.Rows}</Table.Td>
                <Table.Td>{s.Create}</Table.Td>
                <Table.Td>{s.Match}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text>
          {t('bookImport.preview.balances', {
            tenancies: preview.Balances.Tenancies,
            landlords: preview.Balances.Landlords,
            meters: preview.Balances.Meters,
            already: preview.Balances.AlreadyEntered,
          })}
        </Text>
        {preview.ProblemCount === 0 ? (
          <Alert color="green">{t('bookImport.preview.noProblems')}</Alert>
        ) : (
          <Alert color="red" title={t('bookImport.preview.problems', { count: preview.ProblemCount })}>
            <List size="sm">
              {preview.Problems.map((p) => (
                <List.Item key={`${p.Sheet}-${p.Row}-${p.Column}`}>
                  {t(`bookImport.sheets.${p.Sheet}`)} · {t('bookImport.preview.problem', { row: p.Row, column: t(`bookImport.columns.${p.Column as BookColumn}`), message: tm(p.Message) })}{' '}
                  {p.Value ? t('bookImport.preview.value', { value: p.Value }) : null}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {preview.Unmapped.map((u) => (
          <Text key={u.Sheet} size="sm" c="dimmed">
            {t(`bookImport.sheets.${u.Sheet}`)} · {t('bookImport.preview.unmapped', { headers: u.Headers.join(', ') })}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

function MappingCard({ managingAgentId }: { managingAgentId: number }) {
  const { t, tm } = useT();
  const saved = useQuery(mappingsQuery(managingAgentId));
  const form = useForm<MappingForm>({ defaultValues: { Sheet: 'tenancies', Columns: {} } });
  const sheet = useWatch({ control: form.control, name: 'Sheet' });
  const save = useMutation({ mutationFn: (v: MappingForm) => saveMapping({ managingAgentId, Sheet: v.Sheet, Columns: v.Columns }), onSuccess: () => void saved.refetch() });
  const chooseSheet = (next: BookSheet) => {
    form.setValue('Sheet', next);
    form.setValue('Columns', saved.data?.find((m) => m.Sheet === next)?.Columns ?? {});
  };
  return (
    <Card withBorder>
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <Stack>
          <Title order={3}>{t('bookImport.mapping.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('bookImport.mapping.intro')}
          </Text>
          <Select
            label={t('bookImport.mapping.sheet')}
            data={BOOK_SHEETS.map((s) => ({ value: s, label: t(`bookImport.sheets.${s}`) }))}
            value={sheet}
            onChange={(v) => v && chooseSheet(v as BookSheet)}
            allowDeselect={false}
          />
          {(BOOK_COLUMNS[sheet] as readonly BookColumn[]).map((column) => (
            <Controller
              key={`${sheet}-${column}`}
              control={form.control}
              name={`Columns.${column}`}
              render={({ field }) => (
                <TextInput
                  label={`${t(`bookImport.columns.${column}`)} — ${t('bookImport.mapping.header')}`}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  maxLength={100}
                />
              )}
            />
          ))}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('bookImport.mapping.save')}
            </Button>
          </Group>
          {save.isSuccess ? <Alert color="green">{tm(save.data.message)}</Alert> : null}
          {save.error ? <Alert color="red">{apiErrorMessage(save.error, 'Something went Wrong. Try again later!')}</Alert> : null}
        </Stack>
      </form>
    </Card>
  );
}
