import { zodResolver } from '@hookform/resolvers/zod';
import { AGENT_TYPE, PROPERTY_MESSAGES, type AgentType, type Client, type RegisterPropertyRequest } from '@makazi/domain';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { AgreementForm } from '../../../components/landlord/agreement-form';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useRegisterProperty } from '../api/properties';
import { LandlordSearch } from './landlord-search';
import { propertyFormSchema, searchesLandlord } from './property-form-schema';
import { useT } from '../../../lib/i18n';

type PropertyValues = z.input<typeof RegisterPropertyRequest>;

type AddPropertyFormProps = { managingAgentId: number; role: AgentType; onDone: () => void };

/** A property (docs/screens.md#properties): the fields, and for an agency the landlord it manages the property for. */
export function AddPropertyForm({ managingAgentId, role, onDone }: AddPropertyFormProps) {
  const withLandlord = searchesLandlord(role);
  const [landlord, setLandlord] = useState<Client | null>(null);
  const registerProperty = useRegisterProperty();
  const [added, setAdded] = useState<{ PropId: number; name: string } | null>(null);
  const { t, tm } = useT();
  const form = useForm<PropertyValues, unknown, RegisterPropertyRequest>({
    resolver: zodResolver(propertyFormSchema(role)),
    defaultValues: {
      Property_name: '',
      Rental_units: '',
      County: '',
      Town: '',
      Area_Estate: '',
      Lr_number: '',
      Erits_ref: '',
      managingAgentId,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // Left empty, KRA's references are not sent: the property simply has none yet.
    const body = { ...values, Lr_number: values.Lr_number || undefined, Erits_ref: values.Erits_ref || undefined };
    await registerProperty.mutateAsync(body).then(
      // An agency's property is not done until its terms are: the agreement, or "no commission" (decision 048).
      (r) => (r.AgreementNeeded ? setAdded({ PropId: r.PropId, name: body.Property_name }) : onDone()),
      () => undefined,
    );
  });

  if (added) return <AgreementStep managingAgentId={managingAgentId} role={role} property={added} onDone={onDone} />;

  const chooseLandlord = (found: Client | null) => {
    setLandlord(found);
    form.setValue('LandlordNo', found?.ClientNo, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {registerProperty.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(
              registerProperty.error,
              withLandlord ? PROPERTY_MESSAGES.checkLandlord : t('properties.failed'),
            )}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('properties.propertyName')}
            error={tm(errors.Property_name?.message)}
            {...form.register('Property_name')}
          />
          <TextInput
            label={t('properties.rentalUnits')}
            inputMode="numeric"
            error={tm(errors.Rental_units?.message)}
            {...form.register('Rental_units')}
          />
          <TextInput
            label={t('properties.county')}
            error={tm(errors.County?.message)}
            {...form.register('County')}
          />
          <TextInput
            label={t('properties.town')}
            error={tm(errors.Town?.message)}
            {...form.register('Town')}
          />
          <TextInput
            label={t('properties.areaEstate')}
            error={tm(errors.Area_Estate?.message)}
            {...form.register('Area_Estate')}
          />
          <TextInput
            label={t('properties.lrNumber')}
            description={t('properties.lrNumberHint')}
            error={tm(errors.Lr_number?.message)}
            {...form.register('Lr_number')}
          />
          <TextInput
            label={t('properties.eritsRef')}
            description={t('properties.eritsRefHint')}
            error={tm(errors.Erits_ref?.message)}
            {...form.register('Erits_ref')}
          />
        </SimpleGrid>
        {withLandlord ? (
          <LandlordSearch
            managingAgentId={managingAgentId}
            landlord={landlord}
            onFound={chooseLandlord}
            error={tm(errors.LandlordNo?.message)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('properties.ownerNote')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('properties.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The add-property flow's second step in an agency: the property's agreement, or the explicit "no commission". */
function AgreementStep({
  managingAgentId,
  role,
  property,
  onDone,
}: {
  managingAgentId: number;
  role: AgentType;
  property: { PropId: number; name: string };
  onDone: () => void;
}) {
  const { t } = useT();
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('landlordView.agreement.prompt.title', { property: property.name })}
      </Title>
      {role === AGENT_TYPE.AGENCY_ADMIN ? (
        <>
          <Text size="sm">{t('landlordView.agreement.prompt.intro')}</Text>
          <AgreementForm managingAgentId={managingAgentId} propId={property.PropId} onSaved={onDone} />
        </>
      ) : (
        <>
          <Alert variant="light">{t('landlordView.agreement.prompt.notAdmin')}</Alert>
          <Group justify="flex-end">
            <Button onClick={onDone}>{t('landlordView.agreement.prompt.done')}</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
