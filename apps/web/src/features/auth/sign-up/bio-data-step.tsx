import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';

import type { SignUpValues } from './sign-up-form';
import { useT } from '../../../lib/i18n';

/** Step 1: names, email (its availability is checked when it loses focus) and phone. */
export function BioDataStep({ onEmailBlur }: { onEmailBlur: () => void }) {
  const { t, tm } = useT();
  const {
    register,
    formState: { errors },
  } = useFormContext<SignUpValues>();

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('signUp.firstName')}
          autoComplete="given-name"
          error={tm(errors.First_name?.message)}
          {...register('First_name')}
        />
        <TextInput
          label={t('signUp.lastName')}
          autoComplete="family-name"
          error={tm(errors.Last_name?.message)}
          {...register('Last_name')}
        />
      </SimpleGrid>
      <TextInput
        label={t('signUp.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={tm(errors.Email?.message)}
        {...register('Email', { onBlur: onEmailBlur })}
      />
      <TextInput
        label={t('signUp.phoneNo')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        error={tm(errors.PhoneNo?.message)}
        {...register('PhoneNo')}
      />
    </Stack>
  );
}
