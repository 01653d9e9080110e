import { amountToCents, formatAmount } from '@makazi/domain';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { useT } from '../../lib/i18n';
import { tenancyChargesQuery } from '../../lib/api/charges';

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
  const { t, ledgerText } = useT();
  return (
    <Select
      label={t('chargeSettings.pays')}
      data={[
        { value: OLDEST_FIRST, label: t('chargeSettings.oldestFirst') },
        ...open.map((o) => ({ value: String(o.TransactionId), label: t('chargeSettings.openCharge', { details: ledgerText(o.Details), amount: formatAmount(amountToCents(o.Open)) }) })),
      ]}
      value={value === null ? OLDEST_FIRST : String(value)}
      onChange={(v) => onChange(!v || v === OLDEST_FIRST ? null : Number(v))}
      allowDeselect={false}
      w={{ base: '100%', xs: 360 }}
    />
  );
}
