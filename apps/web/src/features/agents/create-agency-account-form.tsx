import { CreateAgentRequest } from '@makazi/domain';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { apiErrorMessage } from '../../lib/api-error-message';
import { schemaResolver } from '../../lib/schema-resolver';
import { createAgent } from './api/create-agent';
import { useT } from '../../lib/i18n';

type FormValues = z.input<typeof CreateAgentRequest>;
type Submitted = z.output<typeof CreateAgentRequest>;

/** Generic form failure messages clear after 4 s (docs/validation.md#timings). */
const FAILURE_SHOWN_MS = 4000;

/** The create account form (docs/screens.md#create-account); `onCreated` runs once the server has the account. */
export function CreateAgencyAccountForm({
  clientNo,
  onCreated,
}: {
  clientNo: number | null;
  onCreated: (created: Submitted) => Promise<void>;
}) {
  const [failure, setFailure] = useState('');
  const { t, tm } = useT();
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(''), FAILURE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [failure]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, Submitted>({
    resolver: schemaResolver(CreateAgentRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { ClientNo: clientNo ?? undefined, AgentName: '', Kra_pin: '', Address: '' },
  });

  const onSubmit = async (values: Submitted) => {
    setFailure('');
    try {
      await createAgent(values);
      await onCreated(values);
    } catch (error) {
      // A 409 (already has an account) and any 4xx carry the server's own words.
      setFailure(apiErrorMessage(error, t('agency.failed')));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="Self"
          render={({ field }) => (
            <Radio.Group
              label={t('agency.accountType')}
              value={field.value === undefined ? null : String(field.value)}
              onChange={(value) => field.onChange(Number(value))}
              error={tm(errors.Self?.message)}
              withAsterisk
            >
              <Stack gap="xs" mt={6}>
                <Radio.Card value="1" p="sm" radius="md" aria-label={t('agency.landlordAccount')}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <strong>{t('agency.landlordAccount')}</strong>
                      <div style={{ fontSize: 13, color: 'var(--mantine-color-dimmed)' }}>
                        {t('agency.landlordAccountText')}
                      </div>
                    </div>
                  </Group>
                </Radio.Card>
                <Radio.Card value="0" p="sm" radius="md" aria-label={t('agency.agencyAccount')}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <strong>{t('agency.agencyAccount')}</strong>
                      <div style={{ fontSize: 13, color: 'var(--mantine-color-dimmed)' }}>
                        {t('agency.agencyAccountText')}
                      </div>
                    </div>
                  </Group>
                </Radio.Card>
              </Stack>
            </Radio.Group>
          )}
        />
        <TextInput
          label={t('agency.agentName')}
          withAsterisk
          error={tm(errors.AgentName?.message)}
          {...register('AgentName')}
        />
        <TextInput
          label={t('agency.kraPin')}
          withAsterisk
          error={tm(errors.Kra_pin?.message)}
          {...register('Kra_pin')}
        />
        <TextInput
          label={t('agency.address')}
          withAsterisk
          error={tm(errors.Address?.message)}
          {...register('Address')}
        />
        <Controller
          control={control}
          name="HasOwnProperty"
          render={({ field }) => (
            <Radio.Group
              label={t('agency.ownProperty')}
              value={field.value === undefined ? null : String(field.value)}
              onChange={(value) => field.onChange(value)}
              error={tm(errors.HasOwnProperty?.message)}
              withAsterisk
            >
              <Group mt={6}>
                <Radio value="true" label={t('agency.yes')} />
                <Radio value="false" label={t('agency.no')} />
              </Group>
            </Radio.Group>
          )}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={isSubmitting} mt="xs">
          {t('agency.create')}
        </Button>
      </Stack>
    </form>
  );
}
