import {
  GENERIC_FAILURE_MESSAGE,
  MPESA_MESSAGES,
  parseCsv,
  transTimeText,
  type StatementImportResult,
  type StatementSummary,
} from '@makazi/domain';
import { Alert, Button, Card, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { Trans, useT } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { importStatement, mpesaKey, previewStatement } from './api/mpesa';

type Stage = { label: string; value: number; animated: boolean };

function readFile(file: File, onProgress: (fraction: number) => void) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * The paybill statement from the M-Pesa organisation portal: read, previewed
 * (matched, unmatched, already recorded), then posted at once. The bar shows
 * where a large file is: reading, checking, posting.
 */
export function StatementImport({ managingAgentId }: { managingAgentId: number }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<string[][]>([]);
  const [stage, setStage] = useState<Stage | null>(null);
  const [preview, setPreview] = useState<StatementSummary | null>(null);
  const [result, setResult] = useState<StatementImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t, tm } = useT();
  // Below a desktop's width (the menu beside it takes a quarter) each payment is a card, its outcome in view
  // without scrolling sideways (issue 19, point 10).
  const wide = useMediaQuery('(min-width: 75em)', true);
  const outcome = (r: StatementSummary['Rows'][number]) =>
    r.Outcome === 'matched'
      ? t('mpesa.statement.outcomes.matched', { id: r.TenancyId })
      : r.Outcome === 'unmatched'
        ? t('mpesa.statement.outcomes.unmatched')
        : t('mpesa.statement.outcomes.alreadyRecorded');

  async function check() {
    if (!file) return setError(tm(MPESA_MESSAGES.statementRequired));
    setError(null);
    setResult(null);
    try {
      const text = await readFile(file, (f) =>
        setStage({ label: t('mpesa.statement.reading'), value: Math.round(f * 40), animated: false }),
      );
      setStage({ label: t('mpesa.statement.checking'), value: 50, animated: true });
      const split = parseCsv(text);
      setRows(split);
      setPreview(await previewStatement(managingAgentId, split));
      setStage({ label: t('mpesa.statement.checked'), value: 60, animated: false });
    } catch (e) {
      setStage(null);
      setError(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE));
    }
  }

  async function post() {
    setStage({ label: t('mpesa.statement.posting'), value: 80, animated: true });
    try {
      setResult(await importStatement(managingAgentId, rows));
      setPreview(null);
      setStage({ label: t('mpesa.statement.imported'), value: 100, animated: false });
      await Promise.all([
        client.invalidateQueries({ queryKey: mpesaKey(managingAgentId) }),
        client.invalidateQueries({ queryKey: queryKeys.tenancies(managingAgentId) }),
        client.invalidateQueries({ queryKey: queryKeys.ledgers(managingAgentId) }),
      ]);
    } catch (e) {
      setStage(null);
      setError(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('mpesa.statement.label')}>
      <Title order={3} mb="sm">
        {t('mpesa.statement.title')}
      </Title>
      <Stack gap="sm">
        <FileInput
          label={t('mpesa.statement.file')}
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': t('mpesaScreens.clearFile') }}
        />
        <Group>
          <Button onClick={check} disabled={!file}>
            {t('mpesa.statement.preview')}
          </Button>
          {preview ? (
            <Button onClick={post}>{t('mpesa.statement.import', { count: preview.Matched + preview.Unmatched })}</Button>
          ) : null}
        </Group>
        {stage ? (
          <Stack gap={4}>
            <Progress
              value={stage.value}
              animated={stage.animated}
              striped={stage.animated}
              aria-label={t('mpesa.statement.progress')}
            />
            <Text size="sm" c="dimmed">
              {stage.label}
            </Text>
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {preview ? (
          <Stack gap="xs" aria-label={t('mpesa.statement.previewLabel')}>
            <Text>
              {t('mpesa.statement.summary', {
                matched: preview.Matched,
                matchedAmount: kshOf(preview.MatchedAmount),
                unmatched: preview.Unmatched,
                unmatchedAmount: kshOf(preview.UnmatchedAmount),
                already: preview.AlreadyRecorded,
                skipped: preview.Skipped,
              })}
            </Text>
            {preview.Problems.map((p) => (
              <Text key={p.line} c="red" size="sm">
                {t('mpesa.statement.problem', { line: p.line, code: p.receiptNo, reason: tm(p.reason) })}
              </Text>
            ))}
            {wide ? (
              <Table.ScrollContainer minWidth={700}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('mpesa.columns.code')}</Table.Th>
                      <Table.Th>{t('mpesa.columns.time')}</Table.Th>
                      <Table.Th>{t('mpesa.columns.accountNumber')}</Table.Th>
                      <Table.Th>{t('mpesa.columns.name')}</Table.Th>
                      <Table.Th ta="right">{t('mpesa.columns.amount')}</Table.Th>
                      <Table.Th>{t('mpesa.statement.outcome')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.Rows.map((r) => (
                      <Table.Tr key={r.TransID} aria-label={t('mpesa.queue.row', { code: r.TransID })}>
                        <Table.Td>{r.TransID}</Table.Td>
                        <Table.Td>{transTimeText(r.TransTime)}</Table.Td>
                        <Table.Td>{r.AccountNumber}</Table.Td>
                        <Table.Td>{r.Name}</Table.Td>
                        <Table.Td ta="right">{kshOf(r.Amount)}</Table.Td>
                        <Table.Td>{outcome(r)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Stack gap="xs">
                {preview.Rows.map((r) => (
                  <Card key={r.TransID} withBorder radius="md" padding="sm" component="article" aria-label={t('mpesa.queue.row', { code: r.TransID })}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{r.TransID}</Text>
                      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {kshOf(r.Amount)}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {transTimeText(r.TransTime)} · {r.Name}
                    </Text>
                    <Text size="sm">
                      <Trans i18nKey="mpesa.statement.accountNumberValue" values={{ value: r.AccountNumber }} components={{ b: <b /> }} />
                    </Text>
                    <Text size="sm">
                      <Trans i18nKey="mpesa.statement.outcomeValue" values={{ value: outcome(r) }} components={{ b: <b /> }} />
                    </Text>
                  </Card>
                ))}
              </Stack>
            )}
          </Stack>
        ) : null}
        {result ? (
          <Alert color="teal" variant="light" role="status">
            {t('mpesa.statement.result', {
              count: result.Posted,
              unmatched: result.Unmatched,
              already: result.AlreadyRecorded,
            })}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
