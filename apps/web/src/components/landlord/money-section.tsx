import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the landlord money screens: a card named by its title, with a line saying what it is for. */
export function MoneySection({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={3} mb="xs">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {intro}
      </Text>
      {children}
    </Card>
  );
}
