import { zodResolver } from '@hookform/resolvers/zod';
import { HOUSE_READINESS, type House } from '@makazi/domain';
import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, type Resolver } from 'react-hook-form';

import { MoneyInput } from '../../../components/money-input';
import { useT } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSaveHouse } from '../api/houses';
import {
  houseFields,
  houseFormDefaults,
  isOccupied,
  OccupiedHouseForm,
  READINESS_REQUIRED,
  VacantHouseForm,
  type HouseFormValues,
} from './house-form-schema';

type HouseFormModalProps = {
  /** null while closed; 'new' to add a house; a house to edit it. */
  target: House | 'new' | null;
  agentId: number;
  propId: number;
  onClose: () => void;
};

export function HouseFormModal({ target, agentId, propId, onClose }: HouseFormModalProps) {
  const { t } = useT();
  const house = target === 'new' ? null : target;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={house ? t('houses.editHouse', { house: house.House_number }) : t('houses.addHouse')}
    >
      {target !== null ? (
        <HouseForm
          key={house?.HouseId ?? 'new'}
          house={house}
          agentId={agentId}
          propId={propId}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

type HouseFormProps = { house: House | null; agentId: number; propId: number; onDone: () => void };

function HouseForm({ house, agentId, propId, onDone }: HouseFormProps) {
  const occupied = isOccupied(house);
  const { t, tm } = useT();
  const save = useSaveHouse(agentId, propId);
  const form = useForm<HouseFormValues>({
    // raw: the schema checks the amounts; the API gets them as typed, not as the schema's cents.
    resolver: zodResolver(occupied ? OccupiedHouseForm : VacantHouseForm, undefined, {
      raw: true,
    }) as unknown as Resolver<HouseFormValues>,
    defaultValues: houseFormDefaults(house),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const fields = houseFields(values, occupied);
    const request = house
      ? save.mutateAsync({ kind: 'edit', body: { ...fields, HouseId: house.HouseId } })
      : save.mutateAsync({ kind: 'add', body: { ...fields, PropId: propId } });
    await request.then(onDone, () => undefined);
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(save.error, 'Something Went wrong. Try Again Later')}
          </Alert>
        ) : null}
        <TextInput
          label={t('houses.houseNumber')}
          error={tm(errors.House_number?.message)}
          {...form.register('House_number')}
        />
        <TextInput
          label={t('houses.description')}
          error={tm(errors.Description?.message)}
          {...form.register('Description')}
        />
        <Controller
          control={form.control}
          name="Rent"
          render={({ field }) => (
            <MoneyInput
              label={t('houses.rent')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={tm(errors.Rent?.message)}
            />
          )}
        />
        {occupied ? null : (
          <>
            <Controller
              control={form.control}
              name="Deposit"
              render={({ field }) => (
                <MoneyInput
                  label={t('houses.deposit')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={tm(errors.Deposit?.message)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="readiness"
              render={({ field }) => (
                <Radio.Group
                  label={t('houses.readyForTenant')}
                  value={field.value === undefined ? null : String(field.value)}
                  onChange={(value) => field.onChange(Number(value))}
                  error={errors.readiness ? tm(READINESS_REQUIRED) : undefined}
                >
                  <Group gap="lg" mt={6}>
                    <Radio value={String(HOUSE_READINESS.YES)} label={t('houses.yes')} />
                    <Radio value={String(HOUSE_READINESS.NO)} label={t('houses.no')} />
                  </Group>
                </Radio.Group>
              )}
            />
          </>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('houses.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {house ? t('houses.save') : t('houses.addHouse')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
