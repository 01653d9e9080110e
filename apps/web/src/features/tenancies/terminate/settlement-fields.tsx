import { amountToCents, depositSettlement, formatKsh, type Tenancy } from '@makazi/domain';
import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';

import { MoneyInput } from '../../../components/money-input';
import { kshOf } from '../../../lib/amount';
import { useT } from '../../../lib/i18n';

export type SettlementChoice = { applyDeposit: boolean; refund: string; refundDetails: string };

/** What settling would do with the held deposit: the part that meets arrears, and what may be refunded. */
export function settlementOf(tenancy: Tenancy) {
  return depositSettlement({
    balance: amountToCents(tenancy.RentBalance),
    depositDue: amountToCents(tenancy.DepositDue),
    depositHeld: amountToCents(tenancy.DepositHeld),
  });
}

/** The termination screen's settlement: the balance and deposit held, and the admin's choices. */
export function SettlementFields({ tenancy, value, onChange }: { tenancy: Tenancy; value: SettlementChoice; onChange: (v: SettlementChoice) => void }) {
  const { apply } = settlementOf(tenancy);
  const { t, balance } = useT();
  return (
    <Stack gap="sm" component="section" aria-label={t('tenancies.terminate.settlement')}>
      <Title order={4}>{t('tenancies.terminate.settlement')}</Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('figures.balanceDue')}
          </Text>
          <Text fw={600} data-testid="settlement-balance">
            {balance(tenancy.RentBalance)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('figures.depositHeld')}
          </Text>
          <Text fw={600} data-testid="settlement-deposit-held">
            {kshOf(tenancy.DepositHeld)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('figures.depositDue')}
          </Text>
          <Text fw={600}>{kshOf(tenancy.DepositDue)}</Text>
        </Stack>
      </SimpleGrid>
      <Checkbox
        label={t('tenancies.terminate.applyDeposit', { amount: formatKsh(apply) })}
        checked={value.applyDeposit}
        disabled={apply === 0}
        onChange={(e) => onChange({ ...value, applyDeposit: e.currentTarget.checked })}
      />
      <Group grow align="flex-start" wrap="wrap">
        <MoneyInput label={t('tenancies.terminate.refund')} value={value.refund} onChange={(refund) => onChange({ ...value, refund })} />
        <TextInput
          label={t('tenancies.terminate.refundDetails')}
          placeholder={t('tenancies.terminate.refundHow')}
          value={value.refundDetails}
          onChange={(e) => onChange({ ...value, refundDetails: e.currentTarget.value })}
        />
      </Group>
    </Stack>
  );
}
