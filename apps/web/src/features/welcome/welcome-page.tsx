import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

import { SessionEndedNotice } from '../../components/session-ended-notice';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

import { useT } from '../../lib/i18n';

const FEATURES = [
  { mark: 'P', key: 'properties' },
  { mark: 'T', key: 'tenancies' },
  { mark: 'K', key: 'rent' },
  { mark: 'A', key: 'teams' },
] as const;

export function WelcomePage() {
  const { session } = useSession();
  const { t } = useT();

  return (
    <Container size="lg" py={{ base: 32, sm: 72 }}>
      <Stack gap="lg" maw={680}>
        <SessionEndedNotice />
        <Text c="teal.9" fw={700} tt="uppercase" size="sm">
          {t('welcome.kicker')}
        </Text>
        {session.isLoggedIn ? (
          <>
            <Title order={1} fz={{ base: 32, sm: 48 }}>
              {t('welcome.welcomeUser', { name: session.userName })}
            </Title>
            <Text size="lg" c="dimmed">
              {t('welcome.welcomeBack')}
            </Text>
          </>
        ) : (
          <>
            <Title order={1} fz={{ base: 32, sm: 48 }}>
              {t('welcome.title')}
            </Title>
            <Text size="lg" c="dimmed">
              {t('welcome.pleaseLogIn')}
            </Text>
            <Group>
              <Button component={Link} to={paths.signIn.getHref()} size="md">
                {t('welcome.logInToContinue')}
              </Button>
              <Button component={Link} to={paths.signUp.getHref()} size="md" variant="default">
                {t('welcome.createAccount')}
              </Button>
            </Group>
          </>
        )}
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt={{ base: 40, sm: 72 }}>
        {FEATURES.map((feature) => (
          <Stack key={feature.key} gap="xs">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <Text fw={800}>{feature.mark}</Text>
            </ThemeIcon>
            <Text fw={600}>{t(`welcome.features.${feature.key}.title`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`welcome.features.${feature.key}.text`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
