import { formatDay, MONEY_FIGURES, type StatementLine, type Tenancy } from '@makazi/domain';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ExportCsvButton } from '../../../components/export-csv-button';
import { balanceOf, kshOf } from '../../../lib/amount';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { statementCsv, statementPdf, statementQuery } from '../api/statement';
import { StatementTable } from './statement-table';
import './statement-print.css';

/** The same facts the PDF's header gives: agency, tenant, house, period and balance due. */
function StatementHeader({ tenancy, lines }: { tenancy: Tenancy; lines: StatementLine[] | undefined }) {
  const period = lines?.length ? `${formatDay(lines[0]!.TransactionDate)} to ${formatDay(lines.at(-1)!.TransactionDate)}` : 'No transactions';
  const facts: [string, string][] = [
    ['Agency', tenancy.ManagingAgentName],
    ['Tenant', `${tenancy.Tenant_name} (client ${tenancy.ClientNo})`],
    ['House', `${tenancy.House_number}, ${tenancy.Property_name}, ${tenancy.Area_Estate}, ${tenancy.Town}`],
    ['Period', period],
    ['Deposit', `${kshOf(tenancy.DepositHeld)} held, ${kshOf(tenancy.DepositDue)} still owed`],
    [MONEY_FIGURES.balanceDue, balanceOf(tenancy.RentBalance)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} mb="md" aria-label="Statement header">
      {facts.map(([label, value]) => (
        <Text key={label} size="sm">
          <Text span fw={600} inherit>
            {label}:
          </Text>{' '}
          {value}
        </Text>
      ))}
    </SimpleGrid>
  );
}

/** The tenant's financial statement: printable on its own (with the PDF's header) and downloadable as a PDF. */
export function StatementSection({ tenancy, managingAgentId, canReverse = false }: { tenancy: Tenancy; managingAgentId: number; canReverse?: boolean }) {
  const statement = useQuery(statementQuery(managingAgentId, tenancy.TenancyId));
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const pdf = statementPdf(managingAgentId, tenancy.TenancyId);
      await downloadFile(pdf.path, pdf.query, 'application/pdf', pdf.fallbackName);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof ApiError ? error.message : 'Something went wrong',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-print-area aria-label="Statement">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Stack gap={0}>
          <Title order={3}>Financial statement</Title>
          <Text size="sm" c="dimmed">
            Tenancy {tenancy.TenancyId} · {tenancy.Tenant_name} · {tenancy.Property_name}, House {tenancy.House_number}
          </Text>
        </Stack>
        <Group gap="xs" data-print-hide>
          <Button variant="default" onClick={() => window.print()} disabled={!statement.data?.length}>
            Print
          </Button>
          <Button variant="light" onClick={download} loading={downloading}>
            Download PDF
          </Button>
          <ExportCsvButton {...statementCsv(managingAgentId, tenancy.TenancyId)} disabled={!statement.data?.length} />
        </Group>
      </Group>
      <StatementHeader tenancy={tenancy} lines={statement.data} />
      <StatementTable
        lines={statement.data}
        isPending={statement.isPending}
        isError={statement.isError}
        reverseAs={canReverse ? managingAgentId : undefined}
      />
    </Card>
  );
}
