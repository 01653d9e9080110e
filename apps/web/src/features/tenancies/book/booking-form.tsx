import { zodResolver } from '@hookform/resolvers/zod';
import {
  BookTenancyFields,
  formatMoneyInput,
  MESSAGE_TIMEOUTS_MS,
  MoneyAmount,
  stripMoneyInput,
  TENANCY_MESSAGES,
  type Client,
  type House,
} from '@makazi/domain';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { ClientSearchDialog } from '../../../components/client-search/client-search-dialog';
import { MoneyInput } from '../../../components/money-input';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { invalidateAfter } from '../../../lib/query-keys';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { bookTenancy } from '../api/tenancy';
import { ClientSummary } from './client-summary';

const BookingForm = BookTenancyFields.extend({
  Rent: MoneyAmount('Rent is required'),
  Deposit: MoneyAmount('Deposit is required'),
});
type BookingInput = z.input<typeof BookingForm>;
type BookingOutput = z.output<typeof BookingForm>;

const FAILURE = 'Something went Wrong. Try again later!';
const money = (amount: number) => formatMoneyInput(amount.toFixed(2));

type BookingFormProps = { house: House; managingAgentId: number; onBooked: (tenancyId: number) => void };

/** Tenancy booking for one vacant house; rent and deposit start as the house's. */
export function BookingFormCard({ house, managingAgentId, onBooked }: BookingFormProps) {
  const queryClient = useQueryClient();
  const { t, tm } = useT();
  const { session } = useSession();
  const [client, setClient] = useState<Client | null>(null);
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<{ message: string; sticky: boolean } | null>(null);
  const form = useForm<BookingInput, unknown, BookingOutput>({
    resolver: zodResolver(BookingForm),
    defaultValues: {
      ClientNo: undefined,
      Id_number: '',
      Tenant_Employer: '',
      Tenant_Business: '',
      Next_of_kin_name: '',
      Next_of_kin_phone: '',
      Rent: money(house.Rent),
      Deposit: money(house.Deposit),
    },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;

  // Generic failures fade after 4 s (docs/validation.md#timings); an occupied house stays said.
  useEffect(() => {
    if (!failure || failure.sticky) return;
    const timer = setTimeout(() => setFailure(null), MESSAGE_TIMEOUTS_MS.formFailure);
    return () => clearTimeout(timer);
  }, [failure]);

  const choose = (chosen: Client) => {
    setClient(chosen);
    form.setValue('ClientNo', chosen.ClientNo, { shouldValidate: isSubmitted });
    if (chosen.Id_number && !form.getValues('Id_number')) form.setValue('Id_number', chosen.Id_number);
  };

  const submit = async (values: BookingOutput) => {
    setFailure(null);
    const raw = form.getValues();
    try {
      const booked = await bookTenancy({
        ClientNo: values.ClientNo,
        Id_number: values.Id_number,
        Tenant_Employer: values.Tenant_Employer,
        Tenant_Business: values.Tenant_Business,
        Next_of_kin_name: values.Next_of_kin_name,
        Next_of_kin_phone: values.Next_of_kin_phone,
        Rent: stripMoneyInput(raw.Rent as string),
        Deposit: stripMoneyInput(raw.Deposit as string),
        HouseId: house.HouseId,
        UpdatedBy: session.userNo,
      });
      onBooked(booked.TenancyId);
      void invalidateAfter(queryClient, managingAgentId, { kind: 'booked' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setFailure({ message: tm(TENANCY_MESSAGES.houseOccupied), sticky: true });
        await invalidateAfter(queryClient, managingAgentId, { kind: 'booked' });
      } else {
        setFailure({ message: apiErrorMessage(error, FAILURE), sticky: false });
      }
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.handleSubmit(submit)} noValidate aria-label={t('tenancies.book.form')}>
        <Stack gap="md">
          <Title order={3}>
            {t('tenancies.book.bookHouse', { house: house.House_number, property: house.Property_name })}
          </Title>

          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={500}>{t('tenancies.book.tenant')}</Text>
              <Button variant="light" size="xs" onClick={() => setSearching(true)}>
                {client ? t('tenancies.book.changeClient') : t('tenancies.book.searchClient')}
              </Button>
            </Group>
            {client ? <ClientSummary client={client} /> : <Text c="dimmed" size="sm">{t('tenancies.book.noClient')}</Text>}
            {errors.ClientNo ? (
              <Text c="red.9" size="sm" role="alert">
                {tm(errors.ClientNo.message)}
              </Text>
            ) : null}
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('tenancies.book.idNumber')} inputMode="numeric" error={tm(errors.Id_number?.message)} {...form.register('Id_number')} />
            <TextInput label={t('tenancies.book.employer')} error={tm(errors.Tenant_Employer?.message)} {...form.register('Tenant_Employer')} />
            <TextInput label={t('tenancies.book.business')} error={tm(errors.Tenant_Business?.message)} {...form.register('Tenant_Business')} />
            <TextInput label={t('tenancies.book.kinName')} error={tm(errors.Next_of_kin_name?.message)} {...form.register('Next_of_kin_name')} />
            <TextInput
              label={t('tenancies.book.kinPhone')}
              inputMode="tel"
              error={tm(errors.Next_of_kin_phone?.message)}
              {...form.register('Next_of_kin_phone')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="Rent"
              render={({ field, fieldState }) => (
                <MoneyInput label={t('tenancies.book.rentLabel')} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} error={tm(fieldState.error?.message)} />
              )}
            />
            <Controller
              control={form.control}
              name="Deposit"
              render={({ field, fieldState }) => (
                <MoneyInput label={t('tenancies.book.depositLabel')} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} error={tm(fieldState.error?.message)} />
              )}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('messages.tenancy.firstMonthInFull')}
          </Text>

          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('tenancies.book.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ClientSearchDialog opened={searching} onClose={() => setSearching(false)} managingAgentId={managingAgentId} onSelect={choose} />
    </Card>
  );
}
