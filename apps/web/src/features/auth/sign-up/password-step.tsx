import { PasswordInput, Stack } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

import type { SignUpValues } from './sign-up-form';

/** Step 3: the password, typed twice. */
export function PasswordStep() {
  const {
    register,
    formState: { errors },
  } = useFormContext<SignUpValues>();

  return (
    <Stack gap="md">
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </Stack>
  );
}
