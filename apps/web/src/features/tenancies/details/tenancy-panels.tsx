import { amountToCents, centsToAmount, formatDay, isUpToDate, MONEY_FIGURES, rentArrearsOf, TENANCY_MESSAGES, type Tenancy } from '@makazi/domain';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { balanceOf, kshOf } from '../../../lib/amount';

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
  const balanceColor = tenancy.RentBalance > 0 ? 'red.9' : tenancy.RentBalance < 0 ? 'teal.9' : undefined;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
      <Panel title="Tenant">
        <Field label="Name">{tenancy.Tenant_name}</Field>
        <Field label="ID number">{tenancy.Tenant_ID_number || TENANCY_MESSAGES.notProvided}</Field>
        <Field label="Email">{tenancy.Email}</Field>
        <Field label="Phone No">{tenancy.PhoneNo}</Field>
        <Field label="Employer">{tenancy.Tenant_Employer}</Field>
        <Field label="Business">{tenancy.Tenant_Business}</Field>
      </Panel>
      <Panel title="House">
        <Field label="Building">{tenancy.Property_name}</Field>
        <Field label="House number">{tenancy.House_number}</Field>
        <Field label="Location">
          {tenancy.Area_Estate}, {tenancy.Town}
        </Field>
        <Field label="Start date">{formatDay(tenancy.StartDate)}</Field>
        {tenancy.EndDate ? <Field label="End date">{formatDay(tenancy.EndDate)}</Field> : null}
        <Field label="Managed by">{tenancy.ManagingAgentName}</Field>
      </Panel>
      <Panel title="Next of kin">
        <Field label="Name">{tenancy.Next_of_kin_name}</Field>
        <Field label="Phone No">{tenancy.Next_of_kin_phone}</Field>
      </Panel>
      <Panel title="Rent">
        <Field label="Rent per month">{kshOf(tenancy.Rent)}</Field>
        <Field label="Deposit">{kshOf(tenancy.Deposit)}</Field>
        <Field label={MONEY_FIGURES.balanceDue}>
          <Text span inherit c={balanceColor} data-testid="balance-due">
            {balanceOf(tenancy.RentBalance)}
          </Text>
        </Field>
        <Field label={MONEY_FIGURES.rentArrears}>
          <Text span inherit data-testid="rent-arrears">
            {kshOf(centsToAmount(rentArrearsOf(amountToCents(tenancy.RentBalance), amountToCents(tenancy.DepositDue))))}
          </Text>
        </Field>
        <Field label={MONEY_FIGURES.depositDue}>
          <Text span inherit data-testid="deposit-due">
            {kshOf(tenancy.DepositDue)}
          </Text>
        </Field>
        <Field label={MONEY_FIGURES.depositHeld}>
          <Text span inherit data-testid="deposit-held">
            {kshOf(tenancy.DepositHeld)}
          </Text>
        </Field>
        <Field label={MONEY_FIGURES.monthsInArrears}>
          {isUpToDate(tenancy.MonthLapse) ? 'Up to date' : tenancy.MonthLapse}
        </Field>
      </Panel>
    </SimpleGrid>
  );
}
