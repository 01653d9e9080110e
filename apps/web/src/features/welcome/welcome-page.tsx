import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

import { SessionEndedNotice } from '../../components/session-ended-notice';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

const FEATURES = [
  {
    mark: 'P',
    title: 'Properties & houses',
    text: 'Register properties and houses and see occupancy at a glance.',
  },
  { mark: 'T', title: 'Tenancies', text: "Book and terminate tenancies and follow each tenant's balance." },
  { mark: 'K', title: 'Rent in Ksh', text: 'Receive cash rent, keep ledgers and print tenant statements.' },
  { mark: 'A', title: 'Agency teams', text: 'Hire users into your agency and control who may sign in.' },
];

export function WelcomePage() {
  const { session } = useSession();

  return (
    <Container size="lg" py={{ base: 32, sm: 72 }}>
      <Stack gap="lg" maw={680}>
        <SessionEndedNotice />
        <Text c="teal.9" fw={700} tt="uppercase" size="sm">
          Property and tenancy management
        </Text>
        {session.isLoggedIn ? (
          <>
            <Title order={1} fz={{ base: 32, sm: 48 }}>
              Welcome {session.userName}
            </Title>
            <Text size="lg" c="dimmed">
              Pick up where you left off: manage your properties, tenancies and rent from your space.
            </Text>
          </>
        ) : (
          <>
            <Title order={1} fz={{ base: 32, sm: 48 }}>
              Welcome to Makazi
            </Title>
            <Text size="lg" c="dimmed">
              Please log in to manage your properties, tenants and rent collection.
            </Text>
            <Group>
              <Button component={Link} to={paths.signIn.getHref()} size="md">
                Log in to continue
              </Button>
              <Button component={Link} to={paths.signUp.getHref()} size="md" variant="default">
                Create an account
              </Button>
            </Group>
          </>
        )}
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt={{ base: 40, sm: 72 }}>
        {FEATURES.map((feature) => (
          <Stack key={feature.title} gap="xs">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <Text fw={800}>{feature.mark}</Text>
            </ThemeIcon>
            <Text fw={600}>{feature.title}</Text>
            <Text size="sm" c="dimmed">
              {feature.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
