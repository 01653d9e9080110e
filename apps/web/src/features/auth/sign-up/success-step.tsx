import { Button, Stack, Text, Title } from '@mantine/core';

import { Celebration } from '../../../components/celebration';

export function CheckMark() {
  return (
    <svg viewBox="0 0 24 24" width={14} height={14} fill="none" stroke="currentColor" strokeWidth={3} aria-hidden>
      <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

type SuccessStepProps = { firstName: string; finishing: boolean; onFinish: () => void };

/** Step 4: the account exists; Finish logs the new user in. */
export function SuccessStep({ firstName, finishing, onFinish }: SuccessStepProps) {
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <Celebration />
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        Account Created Successfully
      </Title>
      <Text c="dimmed" maw={360}>
        Welcome to Makazi{firstName ? `, ${firstName}` : ''}! Your account is ready.
      </Text>
      <Button size="md" mt="sm" onClick={onFinish} loading={finishing} miw={180}>
        Finish
      </Button>
    </Stack>
  );
}
