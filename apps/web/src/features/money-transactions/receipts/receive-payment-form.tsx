import { zodResolver } from '@hookform/resolvers/zod';
import { DEPOSIT_LEDGER_NAME, formatKsh, PAYMENT_MESSAGES, RentReceiptRequest, stripMoneyInput, TENANCY_MESSAGES, type Tenancy } from '@makazi/domain';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MoneyInput } from '../../../components/money-input';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { invalidateAfter } from '../../../lib/query-keys';
import { randomUuid } from '../../../lib/random-uuid';
import { useSession } from '../../../lib/session';
import { PointAtCharge } from '../../../components/charges/point-at-charge';
import { ledgersQuery, receiveRent } from '../api/money';
import { TenancyLookup } from './tenancy-lookup';
import { useT } from '../../../lib/i18n';

const PaymentForm = RentReceiptRequest.pick({ ledgerName: true, paymentdetails: true, RecievedAmount: true });
type PaymentInput = z.input<typeof PaymentForm>;
type PaymentOutput = z.output<typeof PaymentForm>;
const EMPTY: PaymentInput = { ledgerName: '', paymentdetails: '', RecievedAmount: '' };

/** A new key each time the form starts: a double click or a retry of one filled form posts one receipt. */
const newKey = () => randomUuid();

/** Rent payment (docs/money.md#receipts): ledger, tenancy, details and amount, confirmed, then received exactly once. */
export function ReceivePaymentForm({ managingAgentId }: { managingAgentId: number }) {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const { t, tm, account } = useT();
  const ledgers = useQuery(ledgersQuery(managingAgentId));
  const [tenancy, setTenancy] = useState<Tenancy | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [notice, setNotice] = useState<string | null>(null);
  const [pointed, setPointed] = useState<number | null>(null);
  const [pending, setPending] = useState<{ values: PaymentOutput; amountText: string } | null>(null);
  const sending = useRef(false);
  const form = useForm<PaymentInput, unknown, PaymentOutput>({ resolver: zodResolver(PaymentForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const ledgerName = useWatch({ control: form.control, name: 'ledgerName' });
  const viewOnly = tenancy !== null && tenancy.managingAgentId !== managingAgentId;

  const restart = () => {
    form.reset(EMPTY);
    setTenancy(null);
    setPointed(null);
    setNotice(null);
    setPending(null);
    setIdempotencyKey(newKey());
  };

  const receive = useMutation({
    mutationFn: (body: RentReceiptRequest) => receiveRent(body),
    onSuccess: (result, body) => {
      notifications.show({
        color: 'teal',
        title: tm(PAYMENT_MESSAGES.success),
        message: t('money.receive.receiptNo', { receiptNo: result.receiptNo }),
      });
      restart();
      void invalidateAfter(queryClient, managingAgentId, { kind: 'receipt', tenancyId: Number(body.tenancyID) });
    },
    onError: (error) => {
      setPending(null);
      notifications.show({ color: 'red', message: apiErrorMessage(error, PAYMENT_MESSAGES.failed) });
    },
  });

  // Checked before the fields: without a tenancy there is nothing to pay.
  const blocked = (): string | null => (!tenancy ? TENANCY_MESSAGES.selectToPay : viewOnly ? TENANCY_MESSAGES.viewOnly : null);

  const onValid = (values: PaymentOutput) => {
    const reason = blocked();
    if (reason) return setNotice(tm(reason));
    setPending({ values, amountText: stripMoneyInput(String(form.getValues('RecievedAmount'))) });
  };

  const confirm = () => {
    if (!pending || !tenancy || sending.current) return;
    sending.current = true;
    receive.mutate(
      {
        tenancyID: tenancy.TenancyId,
        paymentdetails: pending.values.paymentdetails,
        RecievedAmount: pending.amountText,
        managingAgentId,
        ledgerName: pending.values.ledgerName,
        updatedBy: session.userNo,
        currentDate: new Date().toISOString(),
        idempotencyKey,
        ChargeTransactionId: pending.values.ledgerName === DEPOSIT_LEDGER_NAME ? null : pointed,
      },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const submitDisabled = !tenancy || viewOnly;

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        aria-label={t('money.receive.form')}
        onSubmit={(e) => {
          const reason = blocked();
          if (reason) {
            e.preventDefault();
            return setNotice(tm(reason));
          }
          setNotice(null);
          return form.handleSubmit(onValid)(e);
        }}
      >
        <Stack gap="md">
          <Title order={3}>{t('money.receive.title')}</Title>
          <Controller
            control={form.control}
            name="ledgerName"
            render={({ field }) => (
              <Select
                label={t('money.receive.ledger')}
                placeholder={t('money.receive.selectLedger')}
                data={(ledgers.data ?? []).map((l) => ({ value: l.LedgerName, label: account(l.LedgerName) }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={tm(errors.ledgerName?.message)}
                w={{ base: '100%', xs: 260 }}
              />
            )}
          />
          <TenancyLookup
            managingAgentId={managingAgentId}
            selected={tenancy}
            onSelect={(t) => {
              setTenancy(t);
              setPointed(null);
              setNotice(null);
            }}
            resetKey={idempotencyKey}
          />
          {tenancy && !viewOnly && ledgerName !== DEPOSIT_LEDGER_NAME ? (
            <PointAtCharge managingAgentId={managingAgentId} tenancyId={tenancy.TenancyId} value={pointed} onChange={setPointed} />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('money.receive.paymentDetails')} error={tm(errors.paymentdetails?.message)} {...form.register('paymentdetails')} />
            <Controller
              control={form.control}
              name="RecievedAmount"
              render={({ field, fieldState }) => (
                <MoneyInput
                  label={t('money.receive.paymentAmount')}
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={tm(fieldState.error?.message)}
                />
              )}
            />
          </SimpleGrid>
          {notice ? (
            <Alert color="yellow" variant="light" role="alert">
              {notice}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={restart} disabled={receive.isPending}>
              {t('money.receive.clear')}
            </Button>
            <Button type="submit" data-disabled={submitDisabled || undefined} aria-disabled={submitDisabled} loading={receive.isPending}>
              {t('money.receive.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? t('money.receive.confirmTitle', { ledger: account(pending.values.ledgerName) }) : ''}
        confirmLabel={t('money.receive.yes')}
        loading={receive.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending && tenancy ? (
          <Text size="sm">
            {t('money.receive.confirmText', {
              amount: formatKsh(pending.values.RecievedAmount),
              tenant: tenancy.Tenant_name,
              id: tenancy.TenancyId,
              ledger: account(pending.values.ledgerName),
            })}
          </Text>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
