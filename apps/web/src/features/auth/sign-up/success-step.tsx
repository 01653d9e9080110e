import { Button, Stack, Text, Title } from '@mantine/core';

import { Celebration } from '../../../components/celebration';
import { useT } from '../../../lib/i18n';

export function CheckMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={14}
      height={14}
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      aria-hidden
    >
      <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

type SuccessStepProps = { firstName: string; finishing: boolean; onFinish: () => void };

/** Step 4: the account exists; Finish logs the new user in. */
export function SuccessStep({ firstName, finishing, onFinish }: SuccessStepProps) {
  const { t } = useT();
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <Celebration />
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {t('signUp.created')}
      </Title>
      <Text c="dimmed" maw={360}>
        {firstName ? t('signUp.readyNamed', { name: firstName }) : t('signUp.ready')}
      </Text>
      <Button size="md" mt="sm" onClick={onFinish} loading={finishing} miw={180}>
        {t('signUp.finish')}
      </Button>
    </Stack>
  );
}
