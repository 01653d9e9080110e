import { amountToCents, centsToAmount, formatDay, isUpToDate, rentArrearsOf, TENANCY_MESSAGES, type Tenancy } from '@makazi/domain';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { kshOf } from '../../../lib/amount';
import { useT } from '../../../lib/i18n';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

/** Tenancy detail panels: tenant, house, next of kin and what is owed. */
export function TenancyPanels({ tenancy }: { tenancy: Tenancy }) {
  const { t, tm, balance } = useT();
  const rentArrears = centsToAmount(rentArrearsOf(amountToCents(tenancy.RentBalance), amountToCents(tenancy.DepositDue), amountToCents(tenancy.ChargesDue)));
  const balanceColor = tenancy.RentBalance > 0 ? 'red.9' : tenancy.RentBalance < 0 ? 'teal.9' : undefined;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
      <Panel title={t('tenancies.details.tenant')}>
        <Field label={t('tenancies.details.name')}>{tenancy.Tenant_name}</Field>
        <Field label={t('tenancies.details.idNumber')}>{tenancy.Tenant_ID_number || tm(TENANCY_MESSAGES.notProvided)}</Field>
        <Field label={t('tenancies.details.email')}>{tenancy.Email}</Field>
        <Field label={t('tenancies.details.phoneNo')}>{tenancy.PhoneNo}</Field>
        <Field label={t('tenancies.details.employer')}>{tenancy.Tenant_Employer}</Field>
        <Field label={t('tenancies.details.business')}>{tenancy.Tenant_Business}</Field>
      </Panel>
      <Panel title={t('tenancies.details.house')}>
        <Field label={t('tenancies.details.building')}>{tenancy.Property_name}</Field>
        <Field label={t('tenancies.details.houseNumber')}>{tenancy.House_number}</Field>
        <Field label={t('tenancies.details.location')}>
          {t('tenancies.details.areaTown', { area: tenancy.Area_Estate, town: tenancy.Town })}
        </Field>
        <Field label={t('tenancies.details.startDate')}>{formatDay(tenancy.StartDate)}</Field>
        {tenancy.EndDate ? <Field label={t('tenancies.details.endDate')}>{formatDay(tenancy.EndDate)}</Field> : null}
        <Field label={t('tenancies.details.managedBy')}>{tenancy.ManagingAgentName}</Field>
      </Panel>
      <Panel title={t('tenancies.details.nextOfKin')}>
        <Field label={t('tenancies.details.name')}>{tenancy.Next_of_kin_name}</Field>
        <Field label={t('tenancies.details.phoneNo')}>{tenancy.Next_of_kin_phone}</Field>
      </Panel>
      <Panel title={t('tenancies.details.rent')}>
        <Field label={t('tenancies.details.rentPerMonth')}>{kshOf(tenancy.Rent)}</Field>
        <Field label={t('tenancies.details.deposit')}>{kshOf(tenancy.Deposit)}</Field>
        <Field label={t('figures.balanceDue')}>
          <Text span inherit c={balanceColor} data-testid="balance-due">
            {balance(tenancy.RentBalance)}
          </Text>
        </Field>
        <Field label={t('figures.rentArrears')}>
          <Text span inherit data-testid="rent-arrears">
            {kshOf(rentArrears)}
          </Text>
        </Field>
        <Field label={t('figures.chargesDue')}>
          <Text span inherit data-testid="charges-due">
            {kshOf(tenancy.ChargesDue)}
          </Text>
        </Field>
        <Field label={t('figures.depositDue')}>
          <Text span inherit data-testid="deposit-due">
            {kshOf(tenancy.DepositDue)}
          </Text>
        </Field>
        <Field label={t('figures.depositHeld')}>
          <Text span inherit data-testid="deposit-held">
            {kshOf(tenancy.DepositHeld)}
          </Text>
        </Field>
        <Field label={t('figures.monthsInArrears')}>
          {isUpToDate(tenancy.MonthLapse) ? t('tenancies.details.upToDate') : tenancy.MonthLapse}
        </Field>
      </Panel>
    </SimpleGrid>
  );
}
