import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type StatusPageProps = {
  code?: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
};

/** Centred message page shared by not-found, unauthorized and error screens. */
export function StatusPage({ code, title, description, actions }: StatusPageProps) {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        {code ? (
          <Text fw={800} fz={{ base: 64, sm: 96 }} lh={1} c="teal.9" aria-hidden>
            {code}
          </Text>
        ) : null}
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="lg" maw={480}>
            {description}
          </Text>
        ) : null}
        {actions}
      </Stack>
    </Container>
  );
}
