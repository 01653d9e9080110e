import { formatDay, type StatementLine, type Tenancy } from '@makazi/domain';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ExportCsvButton } from '../../../components/export-csv-button';
import { kshOf } from '../../../lib/amount';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { statementCsv, statementPdf, statementQuery } from '../api/statement';
import { StatementTable } from './statement-table';
import './statement-print.css';
import { Trans, useT } from '../../../lib/i18n';

/** The tenant's financial statement: printable on its own and downloadable as a PDF. */
const day = formatDay;

/** The same facts the PDF's header gives: agency, tenant, house, period and balance due. */
function StatementHeader({ tenancy, lines }: { tenancy: Tenancy; lines: StatementLine[] | undefined }) {
  const { t, balance } = useT();
  const period = lines?.length
    ? t('tenancies.statement.periodValue', { from: day(lines[0]!.TransactionDate), to: day(lines.at(-1)!.TransactionDate) })
    : t('tenancies.statement.noTransactions');
  const facts: [string, string][] = [
    [t('tenancies.statement.agency'), tenancy.ManagingAgentName],
    [t('tenancies.statement.tenant'), t('tenancies.statement.tenantValue', { tenant: tenancy.Tenant_name, clientNo: tenancy.ClientNo })],
    [
      t('tenancies.statement.house'),
      t('tenancies.statement.houseValue', {
        house: tenancy.House_number,
        property: tenancy.Property_name,
        area: tenancy.Area_Estate,
        town: tenancy.Town,
      }),
    ],
    [t('tenancies.statement.period'), period],
    [t('tenancies.statement.deposit'), t('tenancies.statement.depositValue', { held: kshOf(tenancy.DepositHeld), due: kshOf(tenancy.DepositDue) })],
    [t('figures.balanceDue'), balance(tenancy.RentBalance)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} mb="md" aria-label={t('tenancies.statement.header')}>
      {facts.map(([label, value]) => (
        <Text key={label} size="sm">
          <Trans t={t} i18nKey="tenancies.statement.fact" values={{ label, value }} components={{ b: <Text span fw={600} inherit /> }} />
        </Text>
      ))}
    </SimpleGrid>
  );
}

/** The tenant's financial statement: printable on its own (with the PDF's header) and downloadable as a PDF. */
export function StatementSection({ tenancy, managingAgentId, canReverse = false }: { tenancy: Tenancy; managingAgentId: number; canReverse?: boolean }) {
  const statement = useQuery(statementQuery(managingAgentId, tenancy.TenancyId));
  const [downloading, setDownloading] = useState(false);
  const { t, tm } = useT();

  const download = async () => {
    setDownloading(true);
    try {
      const pdf = statementPdf(managingAgentId, tenancy.TenancyId);
      await downloadFile(pdf.path, pdf.query, 'application/pdf', pdf.fallbackName);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof ApiError ? tm(error.message) : t('tenancies.statement.failed'),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-print-area aria-label={t('tenancies.statement.label')}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Stack gap={0}>
          <Title order={3}>{t('tenancies.statement.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('tenancies.statement.subtitle', {
              id: tenancy.TenancyId,
              tenant: tenancy.Tenant_name,
              property: tenancy.Property_name,
              house: tenancy.House_number,
            })}
          </Text>
        </Stack>
        <Group gap="xs" data-print-hide>
          <Button variant="default" onClick={() => window.print()} disabled={!statement.data?.length}>
            {t('tenancies.statement.print')}
          </Button>
          <Button variant="light" onClick={download} loading={downloading}>
            {t('tenancies.statement.downloadPdf')}
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
