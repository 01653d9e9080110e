import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { SIGN_IN_MESSAGES, type SignInRequest } from '@makazi/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { login } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { lazySchemaResolver } from '../../../lib/schema-resolver';
import { useRetryWait } from '../../../lib/use-retry-wait';
import { useSessionStore } from '../../../lib/session';
import { LoginConflictPanel } from './login-conflict-panel';
import { describeSignInError, type SignInFailure } from './sign-in-error';

type SignInValues = z.input<typeof SignInRequest>;

/** Email and password; on success `onSignedIn` decides where to go. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const store = useSessionStore();
  const { t, tm } = useT();
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const [notice, setNotice] = useState('');
  // Once the server asked for the mailed code, the form keeps asking for it until signed in.
  const [codeAsked, setCodeAsked] = useState(false);
  const wait = useRetryWait();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, SignInRequest>({
    resolver: lazySchemaResolver(async () => (await import('./sign-in-schema')).SignInRequest),
    defaultValues: { Email: '', Password: '' },
  });

  const send = async ({ Email, Password, Code }: SignInRequest) => {
    setFailure(null);
    setNotice('');
    try {
      await login(store, { Email, Password, ...(Code ? { Code } : {}) });
      onSignedIn();
    } catch (error) {
      wait.waitFor(error);
      const described = await describeSignInError(error);
      if (described.codeRequired) setCodeAsked(true);
      setFailure(described);
    }
  };
  const onSubmit = async (values: SignInRequest) => {
    if (codeAsked && !values.Code) {
      setError('Code', { message: SIGN_IN_MESSAGES.codeFormat });
      return;
    }
    await send(values);
  };
  // A half-typed code must not stop the request for a new one.
  const newCode = () => {
    setValue('Code', undefined);
    return handleSubmit(({ Email, Password }) => send({ Email, Password }))();
  };
  // A lockout's message counts down while it lasts and goes once the wait is over.
  const shown = failure?.rateLimited && !wait.message && failure.waitSeconds ? null : failure;

  if (failure?.conflictTicket) {
    const conflictTicket = failure.conflictTicket;
    return (
      <LoginConflictPanel
        failure={{ ...failure, conflictTicket }}
        onEnded={(message) => {
          setFailure(null);
          setNotice(message);
        }}
        onCancel={() => setFailure(null)}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        {notice ? (
          <Alert color="teal" variant="light" role="status">
            {tm(notice)}
          </Alert>
        ) : null}
        {shown ? (
          <Alert color={shown.codeRequired ? 'yellow' : 'red'} variant="light" role="alert">
            <Text size="sm">{wait.message || tm(shown.message)}</Text>
            {shown.loginTime ? (
              <Text size="sm" c="dimmed" mt={4}>
                {t('signIn.loginTime', { time: shown.loginTime })}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          error={tm(errors.Email?.message)}
          {...register('Email')}
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          error={tm(errors.Password?.message)}
          {...register('Password')}
        />
        {codeAsked ? (
          <TextInput
            label={t('signIn.code')}
            description={t('signIn.codeHint')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            error={tm(errors.Code?.message)}
            {...register('Code', { setValueAs: (value: string) => (value ? value : undefined) })}
          />
        ) : null}
        <Button type="submit" fullWidth mt="xs" loading={isSubmitting} disabled={wait.secondsLeft > 0}>
          {t('signIn.submit')}
        </Button>
        {codeAsked ? (
          <Button variant="subtle" onClick={() => void newCode()} disabled={isSubmitting || wait.secondsLeft > 0}>
            {t('signIn.newCode')}
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}
