import { amountToCents, formatAmount, stripMoneyInput, TENANCY_MESSAGES, type Tenancy } from '@makazi/domain';
import { Alert, Button, Card, Group, NumberInput, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';

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
import { useT } from '../../../lib/i18n';

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
  const { t, tm } = useT();
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
      notifications.show({ color: 'teal', message: tm(result.message) });
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
      <Title order={2}>{t('tenancies.terminate.title')}</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label={t('tenancies.terminate.tenancyId')}
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
              {t('tenancies.terminate.find')}
            </Button>
            <Button variant="light" onClick={() => setSearching(true)}>
              {t('tenancies.terminate.searchTenancy')}
            </Button>
          </Group>
          {tenancy ? <TenancySummary tenancy={tenancy} /> : null}
          {tenancy && !managedElsewhere ? <SettlementFields tenancy={tenancy} value={settlement} onChange={setSettlement} /> : null}
          {managedElsewhere ? (
            <Alert color="yellow" variant="light">
              {tm(TENANCY_MESSAGES.notAllowedToTerminate)}
            </Alert>
          ) : null}
          {message ? (
            <Alert color="red" variant="light" role="alert">
              {tm(message)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button color="red" onClick={ask} disabled={managedElsewhere}>
              {tenancy?.EndDate ? t('tenancies.terminate.settleTenancy') : t('tenancies.terminate.terminateTenancy')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <TenancySearchDialog opened={searching} onClose={() => setSearching(false)} managingAgentId={managingAgentId} onSelect={select} />
      <ConfirmDialog
        opened={confirming && tenancy !== null}
        title={tenancy?.EndDate ? t('tenancies.terminate.settleQuestion') : t('tenancies.terminate.terminateQuestion')}
        confirmLabel={tenancy?.EndDate ? t('tenancies.terminate.settle') : t('tenancies.terminate.terminate')}
        confirmColor="red"
        loading={terminate.isPending}
        onConfirm={() => tenancy && terminate.mutate(tenancy)}
        onCancel={() => setConfirming(false)}
      >
        {tenancy ? confirmation(t, tenancy, settlement) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

/** The question before ending or settling, and what the settlement will do, as whole sentences. */
function confirmation(t: TFunction, tenancy: Tenancy, s: SettlementChoice) {
  const where = { id: tenancy.TenancyId, tenant: tenancy.Tenant_name, property: tenancy.Property_name, house: tenancy.House_number };
  const question = tenancy.EndDate ? t('tenancies.terminate.confirmSettle', where) : t('tenancies.terminate.confirmEnd', where);
  const amount = formatAmount(settlementOf(tenancy).apply);
  const refunds = Boolean(stripMoneyInput(s.refund)) && Number(stripMoneyInput(s.refund)) > 0;
  const effect =
    s.applyDeposit && refunds
      ? t('tenancies.terminate.willApplyAndRefund', { amount, refund: s.refund })
      : s.applyDeposit
        ? t('tenancies.terminate.willApply', { amount })
        : refunds
          ? t('tenancies.terminate.willRefund', { refund: s.refund })
          : null;
  return effect ? `${question} ${effect}` : question;
}
