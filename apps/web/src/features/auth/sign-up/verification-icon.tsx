import { ThemeIcon } from '@mantine/core';

import { useT } from '../../../lib/i18n';

/** A green mark when the email is verified, a red one when it is not. */
export function VerificationIcon({ verified }: { verified: boolean }) {
  const { t } = useT();
  return (
    <ThemeIcon
      color={verified ? 'teal' : 'red'}
      variant="light"
      radius="xl"
      size={28}
      role="img"
      aria-label={verified ? t('signUp.emailVerified') : t('signUp.emailNotVerified')}
    >
      <svg
        viewBox="0 0 24 24"
        width={16}
        height={16}
        fill="none"
        stroke="currentColor"
        strokeWidth={3}
        aria-hidden
      >
        {verified ? (
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M7 7l10 10M17 7 7 17" strokeLinecap="round" />
        )}
      </svg>
    </ThemeIcon>
  );
}
