import { amountToCents, formatAmount } from '@makazi/domain';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { tenancyChargesQuery } from './api/charges';

const OLDEST_FIRST = 'oldest';

/** Which charge a payment pays: the oldest open charges first (the default), or the one the clerk picks. */
export function PointAtCharge({
  managingAgentId,
  tenancyId,
  value,
  onChange,
}: {
  managingAgentId: number;
  tenancyId: number;
  value: number | null;
  onChange: (transactionId: number | null) => void;
}) {
  const charges = useQuery(tenancyChargesQuery(managingAgentId, tenancyId));
  const open = charges.data?.Open ?? [];
  return (
    <Select
      label="Pays"
      data={[
        { value: OLDEST_FIRST, label: 'Oldest charges first' },
        ...open.map((o) => ({ value: String(o.TransactionId), label: `${o.Details} (${formatAmount(amountToCents(o.Open))} open)` })),
      ]}
      value={value === null ? OLDEST_FIRST : String(value)}
      onChange={(v) => onChange(!v || v === OLDEST_FIRST ? null : Number(v))}
      allowDeselect={false}
      w={{ base: '100%', xs: 360 }}
    />
  );
}
