import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

import type { SignUpValues } from './sign-up-form';

/** Step 1: names, email (its availability is checked when it loses focus) and phone. */
export function BioDataStep({ onEmailBlur }: { onEmailBlur: () => void }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<SignUpValues>();

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="First Name"
          autoComplete="given-name"
          error={errors.First_name?.message}
          {...register('First_name')}
        />
        <TextInput
          label="Last Name"
          autoComplete="family-name"
          error={errors.Last_name?.message}
          {...register('Last_name')}
        />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.Email?.message}
        {...register('Email', { onBlur: onEmailBlur })}
      />
      <TextInput
        label="Phone No"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        error={errors.PhoneNo?.message}
        {...register('PhoneNo')}
      />
    </Stack>
  );
}
