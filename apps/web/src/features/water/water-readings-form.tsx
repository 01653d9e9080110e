import { amountToCents, formatAmount, parseReadingsCsv, type WaterReadings } from '@makazi/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { invalidateAfter } from '../../lib/query-keys';
import { confirmReadings, saveReadings, type ReadingRow } from './api/water';

type House = WaterReadings['Houses'][number];
type Typed = { reading: string; replaced: boolean; start: string; confirmed: boolean };

const typedOf = (h: House): Typed => ({
  reading: h.Reading === null ? '' : String(h.Reading),
  replaced: h.Replaced,
  start: h.StartReading === null ? '' : String(h.StartReading),
  confirmed: false,
});
const number = (n: number) => n.toLocaleString('en-KE');

/**
 * One column of houses, a numeric keypad, Enter to the next house: typed on a
 * phone at the meters. Saves all the typed readings at once; the server's
 * refusals come back under the house they name.
 */
export function WaterReadingsForm({
  data,
  managingAgentId,
  propId,
  canConfirm,
}: {
  data: WaterReadings;
  managingAgentId: number;
  propId: number;
  canConfirm: boolean;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<Record<number, Typed>>(() =>
    Object.fromEntries(data.Houses.map((h) => [h.HouseId, typedOf(h)])),
  );
  const [rowErrors, setRowErrors] = useState<Record<number, { message: string; confirm: boolean }>>({});
  const [error, setError] = useState<string | null>(null);
  const locked = data.Confirmed;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['water', managingAgentId, propId] });
  const set = (houseId: number, change: Partial<Typed>) =>
    setTyped((all) => ({ ...all, [houseId]: { ...all[houseId]!, ...change } }));

  const rows = (): ReadingRow[] =>
    data.Houses.filter((h) => typed[h.HouseId]!.reading.trim() !== '').map((h) => {
      const x = typed[h.HouseId]!;
      const needsStart = x.replaced || h.Previous === null;
      return {
        HouseId: h.HouseId,
        Reading: x.reading,
        Replaced: x.replaced,
        StartReading: needsStart && x.start.trim() !== '' ? x.start : null,
        Confirmed: x.confirmed,
      };
    });

  const save = useMutation({
    mutationFn: (sent: ReadingRow[]) =>
      saveReadings({ managingAgentId, PropId: propId, Month: data.Month, Readings: sent }),
    onSuccess: (result) => {
      setRowErrors({});
      setError(null);
      notifications.show({ color: 'teal', message: result.message });
      return refresh();
    },
    onError: (e, sent) => {
      const byHouse: Record<number, { message: string; confirm: boolean }> = {};
      for (const fieldError of e instanceof ApiError ? (e.errors ?? []) : []) {
        const [, index, field] = String(fieldError.path).split('.');
        const row = sent[Number(index)];
        if (row) byHouse[row.HouseId] = { message: fieldError.message, confirm: field === 'Confirmed' };
      }
      setRowErrors(byHouse);
      setError(apiErrorMessage(e, t('water.failed')));
    },
  });
  const confirm = useMutation({
    mutationFn: () => confirmReadings({ managingAgentId, PropId: propId, Month: data.Month }),
    onSuccess: (result) => {
      setError(null);
      notifications.show({ color: 'teal', message: result.message });
      return Promise.all([refresh(), invalidateAfter(queryClient, managingAgentId, { kind: 'invoiced' })]);
    },
    onError: (e) => setError(apiErrorMessage(e, t('water.failed'))),
  });

  // Enter moves to the next house's reading (or start reading); on the last one it saves.
  const toNext = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const fields = Array.from(
      e.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[data-meter-input]') ?? [],
    );
    const following = fields[fields.indexOf(e.currentTarget) + 1];
    if (following) following.focus();
    else save.mutate(rows());
  };

  const load = async (file: File | null) => {
    if (!file) return;
    const parsed = parseReadingsCsv(await file.text(), data.Houses);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    setTyped((all) => {
      const next = { ...all };
      for (const r of parsed.readings)
        next[r.HouseId] = {
          ...next[r.HouseId]!,
          reading: String(r.Reading),
          start: r.StartReading === null ? next[r.HouseId]!.start : String(r.StartReading),
        };
      return next;
    });
    notifications.show({ color: 'teal', message: t('water.csvLoaded', { count: parsed.readings.length }) });
  };

  if (data.Houses.length === 0) return <Text c="dimmed">{t('water.noHouses')}</Text>;
  return (
    <Stack
      gap="sm"
      component="form"
      aria-label={t('water.readingsTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(rows());
      }}
    >
      {locked ? (
        <Alert color="teal" variant="light">
          {t('water.confirmedNote')}
        </Alert>
      ) : null}
      {data.Houses.map((h) => {
        const x = typed[h.HouseId]!;
        const needsStart = x.replaced || h.Previous === null;
        const problem = rowErrors[h.HouseId];
        return (
          <Paper
            key={h.HouseId}
            withBorder
            p="sm"
            radius="md"
            role="group"
            aria-label={t('water.houseLabel', { house: h.House_number })}
          >
            <Group justify="space-between" gap="xs" mb={4}>
              <Text fw={600}>{t('water.houseLabel', { house: h.House_number })}</Text>
              {h.Charged ? <Badge color="teal">{t('water.charged')}</Badge> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {h.Tenant_name ?? t('water.vacant')} ·{' '}
              {h.Previous === null
                ? t('water.noPrevious')
                : t('water.previous', { reading: number(h.Previous) })}
            </Text>
            <Stack gap={6} mt={6}>
              <TextInput
                label={t('water.reading')}
                inputMode="numeric"
                pattern="[0-9, ]*"
                enterKeyHint="next"
                autoComplete="off"
                value={x.reading}
                readOnly={locked}
                onChange={(e) => set(h.HouseId, { reading: e.currentTarget.value })}
                data-meter-input
                onKeyDown={toNext}
                error={problem && !problem.confirm ? problem.message : undefined}
              />
              {needsStart ? (
                <TextInput
                  label={t('water.startReading')}
                  inputMode="numeric"
                  pattern="[0-9, ]*"
                  enterKeyHint="next"
                  autoComplete="off"
                  value={x.start}
                  readOnly={locked}
                  onChange={(e) => set(h.HouseId, { start: e.currentTarget.value })}
                  data-meter-input
                  onKeyDown={toNext}
                />
              ) : null}
              {h.Previous !== null && !locked ? (
                <Checkbox
                  size="sm"
                  label={t('water.replaced')}
                  checked={x.replaced}
                  onChange={(e) => set(h.HouseId, { replaced: e.currentTarget.checked })}
                />
              ) : null}
              {problem?.confirm ? (
                <Alert color="orange" variant="light" p="xs">
                  <Text size="sm">{problem.message}</Text>
                  <Checkbox
                    mt={6}
                    size="sm"
                    label={t('water.confirmHigh')}
                    checked={x.confirmed}
                    onChange={(e) => set(h.HouseId, { confirmed: e.currentTarget.checked })}
                  />
                </Alert>
              ) : null}
              {h.Units !== null && h.Amount !== null ? (
                <Text size="sm">
                  {t('water.units', { count: h.Units, amount: formatAmount(amountToCents(h.Amount)) })}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      <Text size="sm" fw={data.Missing.length ? 600 : 400} role="status">
        {data.Missing.length
          ? t('water.missing', { houses: data.Missing.join(', ') })
          : t('water.noneMissing')}
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {locked ? null : (
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('water.save')}
          </Button>
          <FileButton onChange={(file) => void load(file)} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" {...props}>
                {t('water.importCsv')}
              </Button>
            )}
          </FileButton>
          {canConfirm ? (
            <Button variant="light" color="teal" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              {t('water.confirm')}
            </Button>
          ) : null}
        </Group>
      )}
      {locked ? null : (
        <Text size="xs" c="dimmed">
          {t('water.csvHelp')}
        </Text>
      )}
    </Stack>
  );
}
