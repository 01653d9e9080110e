import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';

import { NoWorkAccount } from '../../../components/no-work-account';
import { paths } from '../../../config/paths';
import { useWorkContext } from '../../../lib/session';
import { Trans, useT } from '../../../lib/i18n';

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
  const { t } = useT();
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
        <Title order={2}>{t('clientScreens.registeredTitle')}</Title>
        <Text>
          <Trans
            t={t}
            i18nKey="clientScreens.registeredText"
            values={{ name: state.Name }}
            components={{ b: <Text span fw={700} /> }}
          />
        </Text>
        <Text>
          <Trans
            t={t}
            i18nKey="clientScreens.clientNumber"
            values={{ clientNo: state.ClientNo }}
            components={{ b: <Text span fw={700} data-testid="client-number" /> }}
          />
        </Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to={paths.pm.bookTenancy.getHref(space)}>
            {t('clientScreens.bookTenancy')}
          </Button>
          <Button component={Link} to={back} variant="default">
            {t('clientScreens.back')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
