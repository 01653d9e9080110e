import { amountToCents, depositSettlement, formatKsh, MONEY_FIGURES, type Tenancy } from '@makazi/domain';
import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';

import { MoneyInput } from '../../../components/money-input';
import { balanceOf, kshOf } from '../../../lib/amount';

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
  return (
    <Stack gap="sm" component="section" aria-label="Settlement">
      <Title order={4}>Settlement</Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {MONEY_FIGURES.balanceDue}
          </Text>
          <Text fw={600} data-testid="settlement-balance">
            {balanceOf(tenancy.RentBalance)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {MONEY_FIGURES.depositHeld}
          </Text>
          <Text fw={600} data-testid="settlement-deposit-held">
            {kshOf(tenancy.DepositHeld)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Deposit still owed
          </Text>
          <Text fw={600}>{kshOf(tenancy.DepositDue)}</Text>
        </Stack>
      </SimpleGrid>
      <Checkbox
        label={`Apply the deposit held to rent arrears (${formatKsh(apply)})`}
        checked={value.applyDeposit}
        disabled={apply === 0}
        onChange={(e) => onChange({ ...value, applyDeposit: e.currentTarget.checked })}
      />
      <Group grow align="flex-start" wrap="wrap">
        <MoneyInput label="Refund to tenant" value={value.refund} onChange={(refund) => onChange({ ...value, refund })} />
        <TextInput
          label="Refund details"
          placeholder="M-Pesa, cheque or cash"
          value={value.refundDetails}
          onChange={(e) => onChange({ ...value, refundDetails: e.currentTarget.value })}
        />
      </Group>
    </Stack>
  );
}
