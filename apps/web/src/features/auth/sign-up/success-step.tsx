import { Button, Stack, Text, Title } from '@mantine/core';

export function CheckMark() {
  return (
    <svg viewBox="0 0 24 24" width={14} height={14} fill="none" stroke="currentColor" strokeWidth={3} aria-hidden>
      <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Celebration() {
  return (
    <svg viewBox="0 0 160 120" width={160} height={120} aria-hidden>
      <circle cx="80" cy="62" r="38" fill="var(--mantine-color-teal-1)" />
      <circle cx="80" cy="62" r="28" fill="var(--mantine-color-teal-6)" />
      <path d="m66 62 10 10 19-20" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <g strokeLinecap="round" strokeWidth="5">
        <path d="M24 30l8 6" stroke="var(--mantine-color-yellow-5)" />
        <path d="M136 28l-8 7" stroke="var(--mantine-color-pink-5)" />
        <path d="M18 74h10" stroke="var(--mantine-color-blue-5)" />
        <path d="M132 80h11" stroke="var(--mantine-color-yellow-5)" />
        <path d="M80 6v10" stroke="var(--mantine-color-grape-5)" />
      </g>
      <circle cx="40" cy="104" r="4" fill="var(--mantine-color-pink-4)" />
      <circle cx="122" cy="108" r="4" fill="var(--mantine-color-blue-4)" />
      <circle cx="48" cy="14" r="3" fill="var(--mantine-color-teal-4)" />
      <circle cx="114" cy="10" r="3" fill="var(--mantine-color-orange-4)" />
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
