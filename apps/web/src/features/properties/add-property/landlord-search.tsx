import {
  CLIENT_MESSAGES,
  LANDLORD_SEARCH_OPTIONS,
  LandlordSearchQuery,
  PROPERTY_MESSAGES,
  type Client,
} from '@makazi/domain';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useWorkContext } from '../../../lib/session';
import { findLandlord } from '../api/properties';
import { Trans, useT } from '../../../lib/i18n';

type LandlordSearchProps = {
  managingAgentId: number;
  landlord: Client | null;
  onFound: (landlord: Client | null) => void;
  /** The property form's complaint when it was submitted with no landlord. */
  error?: string;
};

type SearchOption = (typeof LANDLORD_SEARCH_OPTIONS)[number];
type FieldErrors = { searchOption?: string; searchValue?: string };

/** Landlord search (docs/access.md#whose-people-are-whose): a filter and a value, matched exactly. */
export function LandlordSearch({ managingAgentId, landlord, onFound, error }: LandlordSearchProps) {
  const [searchOption, setSearchOption] = useState<SearchOption | null>(null);
  const [searchValue, setSearchValue] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const search = useMutation({ mutationFn: findLandlord, onSuccess: onFound });
  const { space } = useWorkContext();
  const { t, tm } = useT();

  const run = () => {
    const query = LandlordSearchQuery.safeParse({
      searchOption: searchOption ?? undefined,
      searchValue,
      managingAgentId,
    });
    if (!query.success) {
      const errors: FieldErrors = {};
      for (const issue of query.error.issues) errors[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    search.mutate(query.data);
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('propertyList.landlord')}
        </Text>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <Select
            aria-label={t('propertyList.findLandlordBy')}
            placeholder={tm(CLIENT_MESSAGES.searchByRequired)}
            data={LANDLORD_SEARCH_OPTIONS.map((value) => ({ value, label: t(`propertyList.searchOptions.${value}`) }))}
            value={searchOption}
            onChange={(value) => setSearchOption(value as SearchOption | null)}
            error={tm(fieldErrors.searchOption)}
            allowDeselect={false}
            w={{ base: '100%', xs: 140 }}
          />
          <TextInput
            aria-label={t('propertyList.landlordSearchValue')}
            placeholder={
              searchOption
                ? t('propertyList.landlordsField', { field: t(`propertyList.searchOptions.${searchOption}`) })
                : t('propertyList.searchValue')
            }
            value={searchValue}
            onChange={(event) => setSearchValue(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                run();
              }
            }}
            error={tm(fieldErrors.searchValue)}
            style={{ flex: 1 }}
            miw={180}
          />
          <Button variant="light" onClick={run} loading={search.isPending}>
            {t('propertyList.findLandlord')}
          </Button>
        </Group>
        {search.isError ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(search.error, 'Something Went wrong. Try Again Later')}
          </Alert>
        ) : search.isSuccess && !landlord ? (
          <Stack gap={2}>
            <Text c="red.9" size="sm">
              {tm(PROPERTY_MESSAGES.landlordNotFound)}
            </Text>
            <Text size="sm">
              {tm(PROPERTY_MESSAGES.landlordMustBeClient)}{' '}
              <Anchor component={Link} to={paths.pm.addClient.getHref(space ?? 'agency')}>
                {t('propertyList.registerClient')}
              </Anchor>
            </Text>
          </Stack>
        ) : null}
        {landlord ? (
          <Text size="sm" data-testid="selected-landlord">
            <Trans
              t={t}
              i18nKey="propertyList.selectedLandlord"
              values={{ name: landlord.Full_name, clientNo: landlord.ClientNo }}
              components={{ b: <b /> }}
            />
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {tm(PROPERTY_MESSAGES.noLandlord)}
          </Text>
        )}
        {error ? (
          <Text c="red.9" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
