import { zodResolver } from '@hookform/resolvers/zod';
import { AGENT_MESSAGES, SaveAgencyVatRequest, type AgencyVat } from '@makazi/domain';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { SettingsCard } from './settings-card';
import { saveVat, vatQuery } from './api/vat';

type VatInput = z.input<typeof SaveAgencyVatRequest>;
type VatOutput = z.output<typeof SaveAgencyVatRequest>;

/** Whether the agency is VAT-registered, with its VAT PIN and the day it applies from (decision 054). */
export function VatCard({ managingAgentId }: { managingAgentId: number }) {
  const vat = useQuery(vatQuery(managingAgentId));
  const { t } = useT();
  return (
    <SettingsCard title={t('admin.vat.title')} loading={t('admin.vat.loading')} saved={vat}>
      {(saved) => <VatForm key={managingAgentId} managingAgentId={managingAgentId} saved={saved} />}
    </SettingsCard>
  );
}

function VatForm({ managingAgentId, saved }: { managingAgentId: number; saved: AgencyVat }) {
  const queryClient = useQueryClient();
  const { t, tm } = useT();
  const form = useForm<VatInput, unknown, VatOutput>({
    resolver: zodResolver(SaveAgencyVatRequest),
    defaultValues: { managingAgentId, VatPin: saved.VatPin ?? '', VatFrom: saved.VatFrom ?? '' },
  });
  const save = useMutation({
    mutationFn: (values: VatOutput) => saveVat({ managingAgentId, VatPin: values.VatPin ?? '', VatFrom: values.VatFrom ?? '' }),
    onSuccess: (next) => queryClient.setQueryData(vatQuery(managingAgentId).queryKey, next),
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <Stack gap="sm">
        <Text size="sm">{t('admin.vat.intro')}</Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={t('admin.vat.pin')} {...form.register('VatPin')} error={tm(errors.VatPin?.message)} miw={200} />
          <TextInput label={t('admin.vat.from')} type="date" {...form.register('VatFrom')} error={tm(errors.VatFrom?.message)} miw={160} />
        </Group>
        {save.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(save.error, 'Something went Wrong. Try again later!')}
          </Alert>
        ) : save.isSuccess ? (
          <Text c="teal.9" size="sm" role="status">
            {tm(AGENT_MESSAGES.vatSaved)}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('admin.vat.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
