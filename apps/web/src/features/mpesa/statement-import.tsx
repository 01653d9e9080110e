import { parseCsv, transTimeText, type StatementImportResult, type StatementSummary } from '@makazi/domain';
import { Alert, Button, Card, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
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
  const { t } = useT();
  // Below a desktop's width (the menu beside it takes a quarter) each payment is a card, its outcome in view
  // without scrolling sideways (issue 19, point 10).
  const wide = useMediaQuery('(min-width: 75em)', true);
  const outcome = (r: StatementSummary['Rows'][number]) => (r.Outcome === 'matched' ? `tenancy ${r.TenancyId}` : r.Outcome);

  async function check() {
    if (!file) return setError('Choose the statement file');
    setError(null);
    setResult(null);
    try {
      const text = await readFile(file, (f) =>
        setStage({ label: 'Reading the file', value: Math.round(f * 40), animated: false }),
      );
      setStage({ label: 'Checking each payment', value: 50, animated: true });
      const split = parseCsv(text);
      setRows(split);
      setPreview(await previewStatement(managingAgentId, split));
      setStage({ label: 'Checked: nothing is posted until you import', value: 60, animated: false });
    } catch (e) {
      setStage(null);
      setError(apiErrorMessage(e, 'Something went wrong'));
    }
  }

  async function post() {
    setStage({ label: 'Posting receipts', value: 80, animated: true });
    try {
      setResult(await importStatement(managingAgentId, rows));
      setPreview(null);
      setStage({ label: 'Imported', value: 100, animated: false });
      await Promise.all([
        client.invalidateQueries({ queryKey: mpesaKey(managingAgentId) }),
        client.invalidateQueries({ queryKey: queryKeys.tenancies(managingAgentId) }),
        client.invalidateQueries({ queryKey: queryKeys.ledgers(managingAgentId) }),
      ]);
    } catch (e) {
      setStage(null);
      setError(apiErrorMessage(e, 'Something went wrong'));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Statement import">
      <Title order={3} mb="sm">
        Import a paybill statement
      </Title>
      <Stack gap="sm">
        <FileInput
          label="Statement (CSV from the M-Pesa organisation portal)"
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': t('mpesaScreens.clearFile') }}
        />
        <Group>
          <Button onClick={check} disabled={!file}>
            Preview
          </Button>
          {preview ? (
            <Button onClick={post}>Import {preview.Matched + preview.Unmatched} payments</Button>
          ) : null}
        </Group>
        {stage ? (
          <Stack gap={4}>
            <Progress
              value={stage.value}
              animated={stage.animated}
              striped={stage.animated}
              aria-label="Import progress"
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
          <Stack gap="xs" aria-label="Preview">
            <Text>
              Matched: {preview.Matched} ({kshOf(preview.MatchedAmount)}) · Unmatched: {preview.Unmatched} (
              {kshOf(preview.UnmatchedAmount)}) · Already recorded: {preview.AlreadyRecorded} · Not money in:{' '}
              {preview.Skipped}
            </Text>
            {preview.Problems.map((p) => (
              <Text key={p.line} c="red" size="sm">
                Line {p.line} {p.receiptNo}: {p.reason}
              </Text>
            ))}
            {wide ? (
              <Table.ScrollContainer minWidth={700}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>M-Pesa code</Table.Th>
                      <Table.Th>Time</Table.Th>
                      <Table.Th>Account number</Table.Th>
                      <Table.Th>Name</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Outcome</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.Rows.map((r) => (
                      <Table.Tr key={r.TransID} aria-label={`Payment ${r.TransID}`}>
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
                  <Card key={r.TransID} withBorder radius="md" padding="sm" component="article" aria-label={`Payment ${r.TransID}`}>
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
                      Account number: <b>{r.AccountNumber}</b>
                    </Text>
                    <Text size="sm">
                      Outcome: <b>{outcome(r)}</b>
                    </Text>
                  </Card>
                ))}
              </Stack>
            )}
          </Stack>
        ) : null}
        {result ? (
          <Alert color="teal" variant="light" role="status">
            Posted {result.Posted} receipts; {result.Unmatched} payments wait in the unmatched queue;{' '}
            {result.AlreadyRecorded} were already recorded.
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
