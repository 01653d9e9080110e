import { zodResolver } from '@hookform/resolvers/zod';
import { SignUpBioData, SignUpForm, SignUpPassword, SignUpVerification } from '@makazi/domain';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The sign-up form (docs/accounts.md#signing-up); every field is text while it is being filled in. */
export type SignUpValues = { [K in keyof z.input<typeof SignUpForm>]-?: string };

export const SIGN_UP_DEFAULTS: SignUpValues = {
  First_name: '',
  Last_name: '',
  Email: '',
  PhoneNo: '',
  verified: '',
  EmailVerified: '',
  password: '',
  confirmPassword: '',
};

/** The wizard's steps: BioData, Email Verification, Set Password, Success. */
export const SIGN_UP_STEPS = [
  { label: 'signUp.steps.bioData', schema: SignUpBioData },
  { label: 'signUp.steps.verification', schema: SignUpVerification },
  { label: 'signUp.steps.password', schema: SignUpPassword },
  { label: 'signUp.steps.success', schema: SignUpForm },
] as const;

export const STEP = { bioData: 0, verification: 1, password: 2, success: 3 } as const;

/**
 * One form over all the fields, validated step by step: the resolver uses the
 * schema of the step being shown, so Next (a submit) checks only that step.
 * (react-hook-form reads its options afresh on every render.)
 */
export function stepResolver(step: number): Resolver<SignUpValues> {
  const schema = SIGN_UP_STEPS[step]?.schema ?? SignUpForm;
  return zodResolver(
    schema as unknown as z.ZodType<unknown, SignUpValues>,
  ) as unknown as Resolver<SignUpValues>;
}
