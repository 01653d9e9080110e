import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { ApiError } from '../lib/api-client';
import { downloadFile } from '../lib/download';
import { useT } from '../lib/i18n';

type ExportCsvButtonProps = {
  /** The CSV route, under /api. */
  path: string;
  /** The same query the list on screen was read with, without its paging. */
  query: Record<string, string | number | undefined>;
  /** Used only if the server names no file. */
  fallbackName: string;
  disabled?: boolean;
};

/** Downloads what a list shows, every page of it, as a CSV file for a spreadsheet. */
export function ExportCsvButton({ path, query, fallbackName, disabled }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const { t, tm } = useT();
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadFile(path, query, 'text/csv', fallbackName);
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof ApiError ? tm(error.message) : t('tenancies.exportFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" onClick={exportCsv} loading={busy} disabled={disabled}>
      {t('tenancies.exportCsv')}
    </Button>
  );
}
