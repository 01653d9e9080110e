import { PAYOUT_METHODS, amountToCents, formatKsh, parseMoney, type PassThroughOwed } from '@makazi/domain';
import { Button, Card, Group, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { randomUuid } from '../../lib/random-uuid';
import { payOnward } from './api/landlord-money';
import { MutationOutcome } from './mutation-outcome';

const nairobiDay = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

/**
 * Pays one property's pass-through charge onward. The form's key is made when
 * it opens, so a double click or a retry records one payment; more than is
 * owed onward is stopped here and, whatever the screen says, by the server.
 */
export function PayOnwardForm({ managingAgentId, line, chargeName, onDone, onClose }: {
  managingAgentId: number;
  line: PassThroughOwed;
  chargeName: string;
  /** The payment is recorded: the answer's message, for the screen to say it once the form is gone. */
  onDone: (message: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useT();
  const [key, setKey] = useState(() => `onward-${randomUuid()}`);
  const [form, setForm] = useState({ Payee: '', PaidOn: nairobiDay(), Amount: String(Math.max(line.Owed, 0)), Method: 'bank' as string | null, Reference: '', Note: '' });
  const set = (field: keyof typeof form) => (value: string | null) => setForm((f) => ({ ...f, [field]: value }));
  const cents = parseMoney(form.Amount);
  const owedCents = amountToCents(Math.max(line.Owed, 0));
  const over = cents !== null && cents > owedCents;
  const pay = useMutation({
    mutationFn: () =>
      payOnward({
        managingAgentId,
        PropId: line.PropId,
        Charge: line.Charge,
        Payee: form.Payee,
        PaidOn: form.PaidOn,
        Amount: form.Amount,
        Method: form.Method as (typeof PAYOUT_METHODS)[number],
        Reference: form.Reference,
        Note: form.Note,
        idempotencyKey: key,
      }),
    onSuccess: async (answer) => {
      setKey(`onward-${randomUuid()}`);
      await onDone(answer.message);
    },
  });
  const title = t('passThrough.form.title', { charge: chargeName, property: line.Property_name });

  return (
    <Card withBorder radius="md" padding="md" mt="md" component="section" aria-label={title}>
      <Title order={4} mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('passThrough.form.owed', { amount: kshOf(line.Owed) })}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!over) pay.mutate();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
          <TextInput
            label={t('passThrough.form.payee')}
            placeholder={t('passThrough.form.payeePlaceholder')}
            value={form.Payee}
            onChange={(e) => set('Payee')(e.currentTarget.value)}
          />
          <TextInput type="date" label={t('passThrough.form.paidOn')} value={form.PaidOn} onChange={(e) => set('PaidOn')(e.currentTarget.value)} />
          <TextInput
            label={t('passThrough.form.amount')}
            inputMode="decimal"
            value={form.Amount}
            onChange={(e) => set('Amount')(e.currentTarget.value)}
            error={over ? t('passThrough.form.overOwed', { amount: formatKsh(owedCents) }) : undefined}
          />
          <Select
            label={t('passThrough.form.method')}
            data={PAYOUT_METHODS.map((m) => ({ value: m, label: t(`passThrough.methods.${m}`) }))}
            value={form.Method}
            onChange={set('Method')}
            allowDeselect={false}
          />
          <TextInput label={t('passThrough.form.reference')} value={form.Reference} onChange={(e) => set('Reference')(e.currentTarget.value)} />
          <TextInput label={t('passThrough.form.note')} value={form.Note} onChange={(e) => set('Note')(e.currentTarget.value)} />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" disabled={!form.Payee.trim() || cents === null || cents <= 0 || over} loading={pay.isPending}>
            {t('passThrough.form.submit')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('passThrough.form.close')}
          </Button>
        </Group>
      </form>
      <MutationOutcome mutation={pay} />
    </Card>
  );
}
