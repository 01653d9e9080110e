import { PasswordInput, Stack } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

import type { SignUpValues } from './sign-up-form';
import { useT } from '../../../lib/i18n';

/** Step 3: the password, typed twice. */
export function PasswordStep() {
  const { t, tm } = useT();
  const {
    register,
    formState: { errors },
  } = useFormContext<SignUpValues>();

  return (
    <Stack gap="md">
      <PasswordInput
        label={t('signUp.password')}
        autoComplete="new-password"
        error={tm(errors.password?.message)}
        {...register('password')}
      />
      <PasswordInput
        label={t('signUp.confirmPassword')}
        autoComplete="new-password"
        error={tm(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
    </Stack>
  );
}
