import type { Tenancy } from '@makazi/domain';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { fetchStatementPdf, saveBlob, statementQuery } from '../api/statement';
import { StatementTable } from './statement-table';
import './statement-print.css';

/** The tenant's financial statement: printable on its own and downloadable as a PDF. */
export function StatementSection({ tenancy, managingAgentId }: { tenancy: Tenancy; managingAgentId: number }) {
  const statement = useQuery(statementQuery(managingAgentId, tenancy.TenancyId));
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchStatementPdf(managingAgentId, tenancy.TenancyId), `statement-${tenancy.TenancyId}.pdf`);
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
        <div>
          <Title order={3}>Financial statement</Title>
          <Text size="sm" c="dimmed">
            Tenancy {tenancy.TenancyId} · {tenancy.Tenant_name} · {tenancy.Property_name}, House {tenancy.House_number}
          </Text>
        </div>
        <Group gap="xs" data-print-hide>
          <Button variant="default" onClick={() => window.print()} disabled={!statement.data?.length}>
            Print
          </Button>
          <Button variant="light" onClick={download} loading={downloading}>
            Download PDF
          </Button>
        </Group>
      </Group>
      <StatementTable lines={statement.data} isPending={statement.isPending} isError={statement.isError} />
    </Card>
  );
}
