import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { formatCountdown, LIMITS } from '@makazi/domain';
import { useFormContext } from 'react-hook-form';

import type { SignUpValues } from './sign-up-form';
import type { EmailVerification } from './use-email-verification';
import { VerificationIcon } from './verification-icon';
import { useT } from '../../../lib/i18n';

function requestLabel(verification: EmailVerification, t: ReturnType<typeof useT>['t']): string {
  if (verification.secondsLeft > 0)
    return t('signUp.resendOtpIn', { time: formatCountdown(verification.secondsLeft) });
  return verification.requested ? t('signUp.resendOtp') : t('signUp.getOtp');
}

type EmailVerificationStepProps = { email: string; verified: boolean; verification: EmailVerification };

/** Step 2: a one-time code is emailed and typed back here. */
export function EmailVerificationStep({ email, verified, verification: v }: EmailVerificationStepProps) {
  const {
    formState: { errors },
  } = useFormContext<SignUpValues>();
  const waiting = v.generating || v.secondsLeft > 0;
  const { t, tm } = useT();

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" bg="gray.0">
        <Group gap="sm" wrap="nowrap">
          <VerificationIcon verified={verified} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t('signUp.email')}
            </Text>
            <Text fw={600} truncate>
              {email}
            </Text>
          </Stack>
        </Group>
      </Paper>

      {verified ? null : (
        <>
          <Button
            variant="light"
            onClick={v.requestCode}
            disabled={waiting}
            loading={v.generating}
            style={{ alignSelf: 'flex-start' }}
          >
            {requestLabel(v, t)}
          </Button>
          {v.generating ? (
            <Text size="sm" c="dimmed" role="status">
              {t('messages.otp.generating')}
            </Text>
          ) : null}
          {v.requestError ? (
            <Text size="sm" c="red.9" role="alert">
              {tm(v.requestError)}
            </Text>
          ) : null}
          {v.codeSent && !v.generating ? (
            <Stack gap="xs">
              <Text size="sm" role="status">
                {t('messages.otp.sent')}
              </Text>
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  aria-label={t('signUp.otp')}
                  placeholder="000000"
                  value={v.code}
                  onChange={(event) => v.setCode(event.currentTarget.value)}
                  maxLength={LIMITS.otpLength}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  error={tm(v.codeError || undefined)}
                  w={170}
                  styles={{
                    input: { letterSpacing: '0.4em', fontSize: 18, fontWeight: 600, textAlign: 'center' },
                  }}
                />
                {v.canVerify ? (
                  <Button onClick={v.verify} loading={v.verifying}>
                    {t('signUp.verify')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          ) : null}
        </>
      )}
      {errors.verified?.message ? (
        <Text size="sm" c="red.9" role="alert">
          {tm(errors.verified.message)}
        </Text>
      ) : null}
    </Stack>
  );
}
