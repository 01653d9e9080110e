import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle?: ReactNode; width?: number; children: ReactNode };

/** The centred card that holds the log-in and sign-up forms. */
export function AuthCard({ title, subtitle, width = 440, children }: AuthCardProps) {
  return (
    <Container size={width} px={{ base: 'xs', sm: 'md' }} py={{ base: 'lg', sm: 56 }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Paper>
    </Container>
  );
}
