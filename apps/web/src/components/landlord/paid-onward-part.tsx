import type { OwnerStatement } from '@makazi/domain';
import { Table, Text, Title } from '@mantine/core';

import { kshOf } from '../../lib/amount';
import { useT } from '../../lib/i18n';

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
      <Table.ScrollContainer minWidth={520} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table aria-label={heading}>
          <Table.Tbody>
            {s.PaidOnward.map((x) => (
              <Table.Tr key={`${x.PaymentId}-${x.Amount}`}>
                <Table.Td>{x.Date}</Table.Td>
                <Table.Td>{`${x.Property_name} · ${x.Charge_name ?? t('passThrough.water')}: ${x.Payee}`}</Table.Td>
                <Table.Td ta="right">{kshOf(x.Amount)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={2} fw={600}>
                {t('passThrough.statement.total')}
              </Table.Td>
              <Table.Td ta="right" fw={600} data-testid="statement-paid-onward">
                {kshOf(s.PaidOnwardTotal)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={2}>{t('passThrough.statement.owedAtEnd')}</Table.Td>
              <Table.Td ta="right" data-testid="statement-owed-onward">
                {kshOf(s.OwedOnward)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
