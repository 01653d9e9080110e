import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question before an action that moves money or ends something. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor,
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onCancel} title={title} centered>
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            {t('tenancies.confirm.cancel')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel ?? t('tenancies.confirm.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
