import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';

import type { SignUpValues } from './sign-up-form';
import { useT } from '../../../lib/i18n';

type ConfirmDetailsModalProps = {
  opened: boolean;
  values: SignUpValues;
  submitting: boolean;
  /** A root-level form error, shown under the details. */
  error: string | undefined;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

const DETAILS = [
  { label: 'signUp.firstName', field: 'First_name' },
  { label: 'signUp.lastName', field: 'Last_name' },
  { label: 'signUp.email', field: 'Email' },
  { label: 'signUp.phoneNo', field: 'PhoneNo' },
] as const;

/** The last look before the account is created. */
export function ConfirmDetailsModal(props: ConfirmDetailsModalProps) {
  const { opened, values, submitting, error, onClose, onSubmit } = props;
  const { t, tm } = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('signUp.confirmTitle')}
      centered
      withCloseButton={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
            {DETAILS.map(({ label, field }) => (
              <Stack key={field} gap={0} style={{ minWidth: 0 }}>
                <Text component="dt" size="xs" c="dimmed">
                  {t(label)}
                </Text>
                <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
                  {values[field].trim()}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          {error ? (
            <Text size="sm" c="red.9" role="alert">
              {tm(error)}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('signUp.close')}
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? t('signUp.submitting') : t('signUp.complete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
