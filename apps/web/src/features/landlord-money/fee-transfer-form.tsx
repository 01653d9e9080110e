import { zodResolver } from '@hookform/resolvers/zod';
import { FeeTransferRequest, amountToCents, formatAmount, formatKsh, stripMoneyInput } from '@makazi/domain';
import { Button, Card, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { MoneyInput } from '../../components/money-input';
import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { randomUuid } from '../../lib/random-uuid';
import { transferFees } from './api/landlord-money';
import { MutationOutcome } from './mutation-outcome';

const TransferForm = FeeTransferRequest.pick({ TransferredOn: true, Amount: true, Reference: true, Note: true });
type TransferInput = z.input<typeof TransferForm>;
type TransferOutput = z.output<typeof TransferForm>;

const nairobiDay = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

/**
 * Moves earned commission and fees from the client account to the agency's
 * office account. The form's key is made when it opens (a double click or a
 * retry records one transfer); more than was earned and not yet taken is
 * stopped here and, whatever the screen says, by the server.
 */
export function FeeTransferForm({ managingAgentId, notTaken, onDone, onClose }: {
  managingAgentId: number;
  /** Commission and fees earned and not yet taken, from the trust reconciliation. */
  notTaken: number;
  onDone: (message: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, tm } = useT();
  const [key, setKey] = useState(() => `fees-${randomUuid()}`);
  const available = amountToCents(Math.max(notTaken, 0));
  const form = useForm<TransferInput, unknown, TransferOutput>({
    resolver: zodResolver(TransferForm),
    defaultValues: { TransferredOn: nairobiDay(), Amount: available > 0 ? formatAmount(available) : '', Reference: '', Note: '' },
  });
  const { errors } = form.formState;
  const transfer = useMutation({
    mutationFn: (values: TransferOutput) =>
      transferFees({
        managingAgentId,
        TransferredOn: values.TransferredOn,
        Amount: stripMoneyInput(String(form.getValues('Amount'))),
        Reference: values.Reference,
        Note: values.Note,
        idempotencyKey: key,
      }),
    onSuccess: async (answer) => {
      setKey(`fees-${randomUuid()}`);
      await onDone(answer.message);
    },
  });
  const onValid = (values: TransferOutput) => {
    if (values.Amount > available) {
      form.setError('Amount', { message: t('feeTransfers.form.overEarned', { amount: formatKsh(available) }) });
      return;
    }
    transfer.mutate(values);
  };

  return (
    <Card withBorder radius="md" padding="md" mt="md" component="section" aria-label={t('feeTransfers.form.title')}>
      <Title order={4} mb={4}>
        {t('feeTransfers.form.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('feeTransfers.form.available', { amount: kshOf(notTaken) })}
      </Text>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
          <TextInput type="date" label={t('feeTransfers.form.date')} error={tm(errors.TransferredOn?.message)} {...form.register('TransferredOn')} />
          <Controller
            control={form.control}
            name="Amount"
            render={({ field, fieldState }) => (
              <MoneyInput
                label={t('feeTransfers.form.amount')}
                value={String(field.value ?? '')}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={tm(fieldState.error?.message)}
              />
            )}
          />
          <TextInput label={t('feeTransfers.form.reference')} error={tm(errors.Reference?.message)} {...form.register('Reference')} />
          <TextInput label={t('feeTransfers.form.note')} error={tm(errors.Note?.message)} {...form.register('Note')} />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" disabled={available <= 0} loading={transfer.isPending}>
            {t('feeTransfers.form.submit')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('feeTransfers.form.close')}
          </Button>
        </Group>
      </form>
      <MutationOutcome mutation={transfer} />
    </Card>
  );
}
