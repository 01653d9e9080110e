import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGE_NAMES, LANGUAGES, RegisterClientRequest } from '@makazi/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';

import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useWorkContext } from '../../../lib/session';
import { useRegisterClient } from '../api/clients';
import type { ClientRegisteredState } from './client-registered-page';
import { useT } from '../../../lib/i18n';

type ClientValues = z.input<typeof RegisterClientRequest>;

export const REGISTER_FAILED = 'Something Went wrong. Try Again Later';

/** client and client/addclient (docs/screens.md#clients): register a client (a tenant or a landlord) of this agent. */
export function AddClientPage() {
  const { space, managingAgentId } = useWorkContext();
  if (!space || !managingAgentId) return <NoWorkAccount />;
  return <AddClientForm key={managingAgentId} managingAgentId={managingAgentId} />;
}

function AddClientForm({ managingAgentId }: { managingAgentId: number }) {
  const { space } = useWorkContext();
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegisterClient();
  const { t, tm } = useT();
  const form = useForm<ClientValues, unknown, RegisterClientRequest>({
    resolver: zodResolver(RegisterClientRequest),
    defaultValues: {
      First_name: '',
      Last_name: '',
      Email: '',
      PhoneNo: '',
      Id_number: '',
      CapturingAgentId: managingAgentId,
      Preferred_language: 'en',
      Kra_pin: '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...values, Id_number: values.Id_number || undefined, Kra_pin: values.Kra_pin || undefined };
    const { clientNo } = await register.mutateAsync(body).catch(() => ({ clientNo: null }));
    if (clientNo === null || !space) return;
    const state: ClientRegisteredState = {
      From: location.pathname,
      ClientNo: clientNo,
      Name: `${values.First_name} ${values.Last_name}`,
    };
    await navigate(paths.pm.addClientSuccess.getHref(space), { state });
  });

  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={2}>{t('clients.registerTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('clients.registerIntro')}
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            {register.isError ? (
              <Alert color="red" variant="light" role="alert">
                {apiErrorMessage(register.error, t('clients.registerFailed'))}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('clients.firstName')}
                autoComplete="off"
                error={tm(errors.First_name?.message)}
                {...form.register('First_name')}
              />
              <TextInput
                label={t('clients.lastName')}
                autoComplete="off"
                error={tm(errors.Last_name?.message)}
                {...form.register('Last_name')}
              />
              <TextInput
                label={t('clients.emailAddress')}
                type="email"
                inputMode="email"
                autoComplete="off"
                error={tm(errors.Email?.message)}
                {...form.register('Email')}
              />
              <TextInput
                label={t('clients.phoneNo')}
                inputMode="tel"
                autoComplete="off"
                placeholder="0712345678"
                error={tm(errors.PhoneNo?.message)}
                {...form.register('PhoneNo')}
              />
              <TextInput
                label={t('clients.idNumber')}
                description={t('clients.optional')}
                inputMode="numeric"
                autoComplete="off"
                error={tm(errors.Id_number?.message)}
                {...form.register('Id_number')}
              />
              <TextInput
                label={t('clients.kraPin')}
                description={t('clients.kraPinHint')}
                autoComplete="off"
                placeholder="A123456789B"
                error={tm(errors.Kra_pin?.message)}
                {...form.register('Kra_pin')}
              />
              <NativeSelect
                label={t('clients.language')}
                data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
                {...form.register('Preferred_language')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t('clients.register')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
