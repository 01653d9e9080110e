import {
  Anchor,
  Box,
  Button,
  Group,
  Stepper,
  Text,
  VisuallyHidden,
  type StepperStepProps,
} from '@mantine/core';
import {
  EMAIL_PATTERN,
  GENERIC_FAILURE_MESSAGE,
  MESSAGE_TIMEOUTS_MS,
  normaliseEmail,
  SIGN_UP_MESSAGES,
  SignUpForm,
} from '@makazi/domain';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { login } from '../../../lib/auth';
import { useSessionStore } from '../../../lib/session';
import { emailAvailability } from '../api/check-email-not-taken';
import { signUp } from '../api/sign-up';
import { destination } from '../destination';
import { BioDataStep } from './bio-data-step';
import { ConfirmDetailsModal } from './confirm-details-modal';
import { EmailVerificationStep } from './email-verification-step';
import { PasswordStep } from './password-step';
import { SIGN_UP_DEFAULTS, SIGN_UP_STEPS, STEP, stepResolver, type SignUpValues } from './sign-up-form';
import { CheckMark, SuccessStep } from './success-step';
import { useEmailVerification } from './use-email-verification';

/** The sign-up wizard (docs/accounts.md#signing-up): BioData, Email Verification, Set Password, then Success. */
export function SignUpWizard() {
  const store = useSessionStore();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useT();
  const [active, setActive] = useState<number>(STEP.bioData);
  const [confirming, setConfirming] = useState(false);
  const [finishing, setFinishing] = useState(false);
  // The server's proof that this email was verified; sign-up sends it (docs/accounts.md#email-verification).
  const proof = useRef<{ email: string; token: string } | null>(null);

  const form = useForm<SignUpValues>({
    defaultValues: SIGN_UP_DEFAULTS,
    resolver: stepResolver(active),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, getValues, setValue, setError, clearErrors, getFieldState, handleSubmit, reset } = form;
  const [email, emailVerified, verified, firstName, lastName] = useWatch({
    control,
    name: ['Email', 'EmailVerified', 'verified', 'First_name', 'Last_name'],
  });
  const isVerified = emailVerified !== '' && normaliseEmail(email) === normaliseEmail(emailVerified);

  // Verified at once when the email is the one verified; cleared when it changed since.
  useEffect(() => {
    if (isVerified && verified !== 'verified') setValue('verified', 'verified');
    if (!isVerified && verified === 'verified') setValue('verified', '');
  }, [isVerified, verified, setValue]);

  const onVerified = useCallback(
    (verifiedEmail: string, token: string) => {
      proof.current = { email: normaliseEmail(verifiedEmail), token };
      setValue('EmailVerified', verifiedEmail);
      setValue('verified', 'verified');
      clearErrors('verified');
    },
    [setValue, clearErrors],
  );
  const verification = useEmailVerification({
    email,
    fullName: `${firstName.trim()} ${lastName.trim()}`.trim(),
    onVerified,
  });

  const rootError = form.formState.errors.root?.server?.message;
  useEffect(() => {
    if (!rootError) return;
    const timer = setTimeout(() => clearErrors('root.server'), MESSAGE_TIMEOUTS_MS.formFailure);
    return () => clearTimeout(timer);
  }, [rootError, clearErrors]);

  const goTo = (next: number) => {
    // Each step starts unsubmitted: its fields are checked by its own Next first.
    reset(getValues(), { keepDefaultValues: true });
    setActive(next);
  };

  /** The email must not be taken; false leaves the reason on the field. */
  const checkEmail = async (): Promise<boolean> => {
    const value = getValues('Email').trim();
    const answer = await emailAvailability(value);
    if (normaliseEmail(getValues('Email')) !== normaliseEmail(value)) return false;
    if (!answer.available) {
      setError('Email', { type: 'availability', message: answer.message });
      return false;
    }
    if (getFieldState('Email').error?.type === 'availability') clearErrors('Email');
    return true;
  };

  const onEmailBlur = () => {
    if (EMAIL_PATTERN.test(getValues('Email').trim())) void checkEmail();
  };

  const next = async () => {
    if (active === STEP.bioData) {
      let available = false;
      await handleSubmit(async () => {
        available = await checkEmail();
      })();
      // After handleSubmit has settled, so the next step starts unsubmitted.
      if (available) goTo(STEP.verification);
    } else if (active === STEP.verification) {
      if (isVerified) goTo(STEP.password);
      else setError('verified', { type: 'manual', message: SIGN_UP_MESSAGES.verifyToContinue });
    } else if (active === STEP.password) {
      await handleSubmit(() => setConfirming(true))();
    }
  };

  const complete = async () => {
    const parsed = SignUpForm.safeParse(getValues());
    if (!parsed.success) {
      setError('root.server', { message: SIGN_UP_MESSAGES.completeForm });
      return;
    }
    const { verified: _verified, EmailVerified: _emailVerified, ...fields } = parsed.data;
    const token = proof.current?.email === normaliseEmail(fields.Email) ? proof.current.token : '';
    if (!token) {
      setError('root.server', { message: SIGN_UP_MESSAGES.verifyToContinue });
      return;
    }
    try {
      await signUp({ ...fields, verificationToken: token });
      setConfirming(false);
      goTo(STEP.success);
    } catch (error) {
      const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setError('root.server', { message: clientError ? error.message : GENERIC_FAILURE_MESSAGE });
    }
  };

  const finish = async () => {
    setFinishing(true);
    const { Email, password } = getValues();
    try {
      await login(store, { Email: Email.trim(), Password: password });
      // Back to the page that sent the visitor to sign up (an invitation), else home.
      const { pathname, search, state } = destination(location.state);
      void navigate({ pathname, search }, { replace: true, state });
    } catch {
      void navigate(paths.signIn.getHref(), { replace: true, state: location.state as unknown });
    }
  };

  const stepName = (index: number) => {
    const step = SIGN_UP_STEPS[index];
    return step ? t(step.label) : '';
  };
  const stepLabel = (index: number) => (
    // On phones the four icons stand alone; the current step is named under them.
    // The label stays for screen readers there, so each step keeps its name.
    <>
      <Box component="span" visibleFrom="xs">
        {stepName(index)}
      </Box>
      <VisuallyHidden hiddenFrom="xs">{stepName(index)}</VisuallyHidden>
    </>
  );
  const step = (index: number, content: ReactNode, extra: Partial<StepperStepProps> = {}) => (
    <Stepper.Step label={stepLabel(index)} allowStepSelect={false} {...extra}>
      <Text hiddenFrom="xs" size="sm" fw={600} c="dimmed" mb="md">
        {t('signUp.stepOf', { step: index + 1, total: SIGN_UP_STEPS.length, name: stepName(index) })}
      </Text>
      {content}
    </Stepper.Step>
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
      >
        <Stepper
          active={active}
          size="sm"
          wrap={false}
          labelPosition="bottom"
          allowNextStepsSelect={false}
          contentPadding="lg"
          styles={{ stepLabel: { whiteSpace: 'nowrap' } }}
        >
          {step(STEP.bioData, <BioDataStep onEmailBlur={onEmailBlur} />)}
          {step(
            STEP.verification,
            <EmailVerificationStep email={email.trim()} verified={isVerified} verification={verification} />,
          )}
          {step(STEP.password, <PasswordStep />)}
          {step(
            STEP.success,
            <SuccessStep firstName={firstName.trim()} finishing={finishing} onFinish={finish} />,
            { progressIcon: <CheckMark />, color: 'teal' },
          )}
        </Stepper>
        {active < STEP.success ? (
          <Group justify="space-between" mt="xl">
            <Button variant="default" onClick={() => goTo(active - 1)} disabled={active === STEP.bioData}>
              {t('signUp.back')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting && !confirming}>
              {t('signUp.next')}
            </Button>
          </Group>
        ) : null}
        {active < STEP.success ? (
          <Text size="sm" ta="center" mt="lg">
            {t('signUp.haveAccount')}{' '}
            <Anchor component={Link} to={paths.signIn.getHref()} fw={600}>
              {t('signUp.logIn')}
            </Anchor>
          </Text>
        ) : null}
      </form>
      <ConfirmDetailsModal
        opened={confirming}
        values={getValues()}
        submitting={form.formState.isSubmitting}
        error={rootError}
        onClose={() => setConfirming(false)}
        onSubmit={(event) => void handleSubmit(complete)(event)}
      />
    </FormProvider>
  );
}
