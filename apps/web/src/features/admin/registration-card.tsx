import { zodResolver } from '@hookform/resolvers/zod';
import { AGENT_MESSAGES, SaveAgencyRegistrationRequest, type AgencyRegistration } from '@makazi/domain';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { SettingsCard } from './settings-card';
import { registrationQuery, saveRegistration } from './api/registration';

type RegistrationInput = z.input<typeof SaveAgencyRegistrationRequest>;
type RegistrationOutput = z.output<typeof SaveAgencyRegistrationRequest>;

/** The agency's EARB registration number and practising certificate year, printed on its papers (Estate Agents Act). */
export function RegistrationCard({ managingAgentId }: { managingAgentId: number }) {
  const registration = useQuery(registrationQuery(managingAgentId));
  const { t } = useT();
  return (
    <SettingsCard title={t('admin.registration.title')} loading={t('admin.registration.loading')} saved={registration}>
      {(saved) => <RegistrationForm key={managingAgentId} managingAgentId={managingAgentId} saved={saved} />}
    </SettingsCard>
  );
}

function RegistrationForm({ managingAgentId, saved }: { managingAgentId: number; saved: AgencyRegistration }) {
  const queryClient = useQueryClient();
  const { t, tm } = useT();
  const form = useForm<RegistrationInput, unknown, RegistrationOutput>({
    resolver: zodResolver(SaveAgencyRegistrationRequest),
    defaultValues: { managingAgentId, EarbNo: saved.EarbNo ?? '', PractisingYear: saved.PractisingYear ?? '' },
  });
  const save = useMutation({
    mutationFn: saveRegistration,
    onSuccess: (next) => queryClient.setQueryData(registrationQuery(managingAgentId).queryKey, next),
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <Stack gap="sm">
        <Text size="sm">{t('admin.registration.intro')}</Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('admin.registration.earbNo')}
            {...form.register('EarbNo')}
            error={tm(errors.EarbNo?.message)}
            miw={200}
          />
          <TextInput
            label={t('admin.registration.practisingYear')}
            inputMode="numeric"
            {...form.register('PractisingYear')}
            error={tm(errors.PractisingYear?.message)}
            miw={160}
          />
        </Group>
        {save.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(save.error, 'Something went Wrong. Try again later!')}
          </Alert>
        ) : save.isSuccess ? (
          <Text c="teal.9" size="sm" role="status">
            {tm(AGENT_MESSAGES.registrationSaved)}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('admin.registration.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
