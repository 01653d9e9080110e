import type { OwnerStatement } from '@makazi/domain';
import { Group, Text, Title } from '@mantine/core';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { MoneyRows } from './money-rows';

type Paid = OwnerStatement['PaidOnward'][number];

/**
 * An owner statement's pass-through money paid onward, apart from the
 * landlord's account (it never was the landlord's): each payment, the total,
 * and what stays owed onward at the month's end. Shown to the office and to
 * the linked landlord alike; nothing for a landlord without pass-through charges.
 */
export function PaidOnwardPart({ statement: s }: { statement: OwnerStatement }) {
  const { t } = useT();
  if (s.PassedOn === 0 && s.PaidOnward.length === 0 && s.OwedOnward === 0) return null;
  const heading = t('passThrough.statement.heading');
  return (
    <section aria-label={heading}>
      <Title order={4} mt="md" mb="xs">
        {heading}
      </Title>
      {s.PaidOnward.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('passThrough.statement.none')}
        </Text>
      ) : null}
      {s.PaidOnward.length > 0 ? (
        <MoneyRows<Paid>
          label={heading}
          rows={s.PaidOnward}
          rowKey={(x) => `${x.PaymentId}-${x.Amount}`}
          columns={[
            { key: 'date', label: t('passThrough.date'), cell: (x) => x.Date },
            { key: 'payee', label: t('passThrough.payee'), cell: (x) => `${x.Property_name} · ${x.Charge_name ?? t('passThrough.water')}: ${x.Payee}` },
            { key: 'amount', label: t('passThrough.amount'), cell: (x) => kshOf(x.Amount), amount: true },
          ]}
        />
      ) : null}
      {/* The totals as label and amount side by side, so no width pushes the amount off a phone's screen. */}
      <Group justify="space-between" wrap="nowrap" gap="xs" mt="xs">
        <Text size="sm" fw={600}>
          {t('passThrough.statement.total')}
        </Text>
        <Text size="sm" fw={600} data-testid="statement-paid-onward">
          {kshOf(s.PaidOnwardTotal)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{t('passThrough.statement.owedAtEnd')}</Text>
        <Text size="sm" data-testid="statement-owed-onward">
          {kshOf(s.OwedOnward)}
        </Text>
      </Group>
    </section>
  );
}
