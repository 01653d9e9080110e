import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';

import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { useWorkContext } from '../../../lib/session';

/** What the registration form hands the success screen (docs/screens.md#clients). */
export type ClientRegisteredState = { From: string; ClientNo: number; Name: string };

function isRegisteredState(value: unknown): value is ClientRegisteredState {
  const state = value as Partial<ClientRegisteredState> | null;
  return typeof state?.ClientNo === 'number' && typeof state.Name === 'string';
}

/** client/addclient/success: the client's name and number, a booking link, Back. */
export function ClientRegisteredPage() {
  const { space } = useWorkContext();
  const { state } = useLocation();
  if (!space) return <NoWorkAccount />;
  // Reached without a registration (a reload, a typed URL): there is nothing to report.
  if (!isRegisteredState(state)) return <Navigate to={paths.pm.addClient.getHref(space)} replace />;
  const back = state.From || paths.pm.addClient.getHref(space);

  return (
    <Card withBorder radius="md" padding="xl" maw={560} mx="auto" mt="lg">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
          ✓
        </ThemeIcon>
        <Title order={2}>Client registered</Title>
        <Text>
          <Text span fw={700}>
            {state.Name}
          </Text>{' '}
          was registered successfully.
        </Text>
        <Text>
          Client number:{' '}
          <Text span fw={700} data-testid="client-number">
            {state.ClientNo}
          </Text>
        </Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to={paths.pm.bookTenancy.getHref(space)}>
            Book a new tenancy
          </Button>
          <Button component={Link} to={back} variant="default">
            Back
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
