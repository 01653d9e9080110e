import { amountToCents, formatAmount, stripMoneyInput, TENANCY_MESSAGES, type Tenancy } from '@makazi/domain';
import { Alert, Button, Card, Group, NumberInput, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NoWorkAccount } from '../../../components/no-work-account';
import { TenancySearchDialog } from '../../../components/tenancies/tenancy-search-dialog';
import { TenancySummary } from '../../../components/tenancies/tenancy-summary';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { invalidateAfter } from '../../../lib/query-keys';
import { useSession, useWorkContext } from '../../../lib/session';
import { getTenancy, settleTenancy, terminateTenancy } from '../api/tenancy';
import { SettlementFields, settlementOf, type SettlementChoice } from './settlement-fields';

const NO_SETTLEMENT: SettlementChoice = { applyDeposit: false, refund: '', refundDetails: '' };

/** The settlement the form proposes: the held deposit to arrears, the rest refunded. */
function proposedSettlement(t: Tenancy): SettlementChoice {
  const { apply, refundable } = settlementOf(t);
  return { applyDeposit: apply > 0, refund: refundable > 0 ? formatAmount(refundable) : '', refundDetails: '' };
}

function settlementBody(s: SettlementChoice) {
  const refund = stripMoneyInput(s.refund);
  return { applyDeposit: s.applyDeposit, ...(refund && Number(refund) > 0 ? { refundAmount: refund, refundDetails: s.refundDetails } : {}) };
}

/** An ended tenancy with money left either way is settled here rather than terminated. */
const unsettled = (t: Tenancy) => t.EndDate !== null && (amountToCents(t.RentBalance) !== 0 || amountToCents(t.DepositHeld) !== 0);

/** tenancymanagement/terminatetenancy (docs/money.md#ending-a-tenancy-settlement): find a tenancy, confirm, end it (the house becomes vacant). */
export function TerminateTenancyPage() {
  const { managingAgentId } = useWorkContext();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [idText, setIdText] = useState<string | number>('');
  const [tenancy, setTenancy] = useState<Tenancy | null>(null);
  const [searching, setSearching] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [looking, setLooking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [settlement, setSettlement] = useState<SettlementChoice>(NO_SETTLEMENT);

  const terminate = useMutation({
    mutationFn: (t: Tenancy) =>
      t.EndDate
        ? settleTenancy({ tenancyId: t.TenancyId, managingAgentId: managingAgentId!, ...settlementBody(settlement) })
        : terminateTenancy({
            tenancyId: t.TenancyId,
            managingAgentId: managingAgentId!,
            houseId: t.HouseId,
            terminatedBy: session.userNo,
            ...settlementBody(settlement),
          }),
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: result.message });
      setTenancy(null);
      setIdText('');
      setConfirming(false);
      setSettlement(NO_SETTLEMENT);
      void invalidateAfter(queryClient, managingAgentId!, { kind: 'terminated' });
    },
    onError: (error) => {
      setConfirming(false);
      setMessage(apiErrorMessage(error, TENANCY_MESSAGES.terminateFailed));
    },
  });

  if (!managingAgentId) return <NoWorkAccount />;
  const managedElsewhere = tenancy !== null && tenancy.managingAgentId !== managingAgentId;

  const select = (found: Tenancy) => {
    const selectable = !found.EndDate || unsettled(found);
    setMessage(selectable ? null : TENANCY_MESSAGES.nothingToTerminate);
    setTenancy(selectable ? found : null);
    setSettlement(selectable ? proposedSettlement(found) : NO_SETTLEMENT);
    setIdText(found.TenancyId);
  };

  const lookUp = async () => {
    const id = Number(idText);
    if (!Number.isInteger(id) || id <= 0) return setMessage(TENANCY_MESSAGES.enterId);
    setLooking(true);
    setMessage(null);
    try {
      select(await getTenancy(managingAgentId, id));
    } catch (error) {
      setTenancy(null);
      setMessage(error instanceof ApiError && error.status === 404 ? TENANCY_MESSAGES.notFound : apiErrorMessage(error, TENANCY_MESSAGES.sorry));
    } finally {
      setLooking(false);
    }
  };

  const ask = () => {
    if (!tenancy) return setMessage(TENANCY_MESSAGES.nothingToTerminate);
    if (managedElsewhere) return setMessage(TENANCY_MESSAGES.notAllowedToTerminate);
    setConfirming(true);
  };

  return (
    <Stack gap="md" maw={820}>
      <Title order={2}>Terminate Tenacy</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label="Tenancy ID"
              value={idText}
              onChange={(value) => {
                setIdText(value);
                setTenancy(null);
              }}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              w={{ base: '100%', xs: 200 }}
            />
            <Button variant="default" onClick={lookUp} loading={looking} disabled={idText === ''}>
              Find
            </Button>
            <Button variant="light" onClick={() => setSearching(true)}>
              Search Tenancy
            </Button>
          </Group>
          {tenancy ? <TenancySummary tenancy={tenancy} /> : null}
          {tenancy && !managedElsewhere ? <SettlementFields tenancy={tenancy} value={settlement} onChange={setSettlement} /> : null}
          {managedElsewhere ? (
            <Alert color="yellow" variant="light">
              {TENANCY_MESSAGES.notAllowedToTerminate}
            </Alert>
          ) : null}
          {message ? (
            <Alert color="red" variant="light" role="alert">
              {message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button color="red" onClick={ask} disabled={managedElsewhere}>
              {tenancy?.EndDate ? 'Settle Tenancy' : 'Terminate Tenancy'}
            </Button>
          </Group>
        </Stack>
      </Card>
      <TenancySearchDialog opened={searching} onClose={() => setSearching(false)} managingAgentId={managingAgentId} onSelect={select} />
      <ConfirmDialog
        opened={confirming && tenancy !== null}
        title={tenancy?.EndDate ? 'Settle tenancy?' : 'Terminate tenancy?'}
        confirmLabel={tenancy?.EndDate ? 'Settle' : 'Terminate'}
        confirmColor="red"
        loading={terminate.isPending}
        onConfirm={() => tenancy && terminate.mutate(tenancy)}
        onCancel={() => setConfirming(false)}
      >
        {tenancy ? `${tenancy.EndDate ? 'Settle' : 'End'} tenancy ${tenancy.TenancyId} of ${tenancy.Tenant_name} in ${tenancy.Property_name}, house ${tenancy.House_number}?${
          tenancy.EndDate ? '' : ' The house becomes vacant; the statement stays.'
        }${settlementSummary(settlement, tenancy)}` : ''}
      </ConfirmDialog>
    </Stack>
  );
}

function settlementSummary(s: SettlementChoice, t: Tenancy) {
  const parts: string[] = [];
  if (s.applyDeposit) parts.push(`apply ${formatAmount(settlementOf(t).apply)} of the deposit to arrears`);
  if (stripMoneyInput(s.refund) && Number(stripMoneyInput(s.refund)) > 0) parts.push(`refund Ksh ${s.refund}`);
  return parts.length ? ` It will ${parts.join(' and ')}.` : '';
}
