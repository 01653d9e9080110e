import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterClientRequest } from '@makazi/domain';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';

import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useWorkContext } from '../../../lib/session';
import { useRegisterClient } from '../api/clients';
import type { ClientRegisteredState } from './client-registered-page';

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
  const form = useForm<ClientValues, unknown, RegisterClientRequest>({
    resolver: zodResolver(RegisterClientRequest),
    defaultValues: {
      First_name: '',
      Last_name: '',
      Email: '',
      PhoneNo: '',
      Id_number: '',
      CapturingAgentId: managingAgentId,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...values, Id_number: values.Id_number || undefined };
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
        <Title order={2}>Register Client</Title>
        <Text c="dimmed" size="sm">
          A client is a tenant or a landlord. Register them once, then book tenancies or properties for them.
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            {register.isError ? (
              <Alert color="red" variant="light" role="alert">
                {apiErrorMessage(register.error, REGISTER_FAILED)}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First Name"
                autoComplete="off"
                error={errors.First_name?.message}
                {...form.register('First_name')}
              />
              <TextInput
                label="Last Name"
                autoComplete="off"
                error={errors.Last_name?.message}
                {...form.register('Last_name')}
              />
              <TextInput
                label="Email Address"
                type="email"
                inputMode="email"
                autoComplete="off"
                error={errors.Email?.message}
                {...form.register('Email')}
              />
              <TextInput
                label="Phone No"
                inputMode="tel"
                autoComplete="off"
                placeholder="0712345678"
                error={errors.PhoneNo?.message}
                {...form.register('PhoneNo')}
              />
              <TextInput
                label="ID number"
                description="Optional"
                inputMode="numeric"
                autoComplete="off"
                error={errors.Id_number?.message}
                {...form.register('Id_number')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                Register Client
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
