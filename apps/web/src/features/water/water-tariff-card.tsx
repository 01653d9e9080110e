import { amountToCents, formatAmount, type WaterReadings } from '@makazi/domain';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { saveTariff } from './api/water';

const plain = (n: number) => n.toFixed(2);
const shown = (n: number) => formatAmount(amountToCents(n));

/** The property's tariff: shown to everyone, changed by admins. */
export function WaterTariffCard({
  tariff,
  managingAgentId,
  propId,
  canEdit,
}: {
  tariff: WaterReadings['Tariff'];
  managingAgentId: number;
  propId: number;
  canEdit: boolean;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [unit, setUnit] = useState(tariff ? plain(tariff.UnitPrice) : '');
  const [standing, setStanding] = useState(tariff ? plain(tariff.StandingCharge) : '0');
  const [minimum, setMinimum] = useState(tariff ? plain(tariff.MinimumCharge) : '0');
  const [passThrough, setPassThrough] = useState(tariff?.PassThrough ?? false);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      saveTariff({
        managingAgentId,
        PropId: propId,
        UnitPrice: unit,
        StandingCharge: standing || '0',
        MinimumCharge: minimum || '0',
        PassThrough: passThrough,
      }),
    onSuccess: (result) => {
      setError(null);
      notifications.show({ color: 'teal', message: result.message });
      return queryClient.invalidateQueries({ queryKey: ['water', managingAgentId, propId] });
    },
    onError: (e) => setError(apiErrorMessage(e, t('water.failed'))),
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="water-tariff-title">
      <Title order={3} size="h4" mb="xs" id="water-tariff-title">
        {t('water.tariffTitle')}
      </Title>
      {tariff ? (
        <Text size="sm" mb={canEdit ? 'sm' : 0}>
          {t('water.tariffLine', {
            unit: shown(tariff.UnitPrice),
            standing: shown(tariff.StandingCharge),
            minimum: shown(tariff.MinimumCharge),
          })}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" mb={canEdit ? 'sm' : 0}>
          {t('water.noTariff')}
        </Text>
      )}
      {canEdit ? (
        <Stack
          gap="xs"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('water.unitPrice')}
              inputMode="decimal"
              value={unit}
              onChange={(e) => setUnit(e.currentTarget.value)}
              miw={140}
            />
            <TextInput
              label={t('water.standingCharge')}
              inputMode="decimal"
              value={standing}
              onChange={(e) => setStanding(e.currentTarget.value)}
              miw={140}
            />
            <TextInput
              label={t('water.minimumCharge')}
              inputMode="decimal"
              value={minimum}
              onChange={(e) => setMinimum(e.currentTarget.value)}
              miw={140}
            />
          </Group>
          <Checkbox
            label={t('water.passThrough')}
            checked={passThrough}
            onChange={(e) => setPassThrough(e.currentTarget.checked)}
          />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} variant="light">
              {t('water.saveTariff')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}
