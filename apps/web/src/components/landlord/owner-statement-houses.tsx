import type { OwnerStatement } from '@makazi/domain';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { MoneyRows } from './money-rows';

type House = OwnerStatement['Houses'][number];

/** An owner statement's houses: the tenant, rent charged, collected and arrears. One table for the office and the landlord's own view. */
export function OwnerStatementHouses({ statement }: { statement: OwnerStatement }) {
  const { t } = useT();
  return (
    <MoneyRows<House>
      label={t('landlordMoney.statement.housesTable')}
      rows={statement.Houses}
      rowKey={(h) => `${h.HouseId}-${h.TenancyId ?? 'vacant'}`}
      columns={[
        { key: 'property', label: t('landlordMoney.statement.property'), cell: (h) => h.Property_name },
        { key: 'house', label: t('landlordMoney.statement.house'), cell: (h) => h.House_number },
        { key: 'tenant', label: t('landlordMoney.statement.tenant'), cell: (h) => h.Tenant_name ?? t('landlordMoney.statement.vacant') },
        { key: 'charged', label: t('landlordMoney.statement.rentCharged'), cell: (h) => kshOf(h.RentCharged), amount: true },
        { key: 'collected', label: t('landlordMoney.statement.collected'), cell: (h) => kshOf(h.RentCollected), amount: true },
        { key: 'arrears', label: t('landlordMoney.statement.arrears'), cell: (h) => kshOf(h.Arrears), amount: true },
      ]}
    />
  );
}
