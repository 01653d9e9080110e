import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLIENT_SEARCH_OPTIONS,
  ClientSearchQuery,
  NUMERIC_SEARCH_OPTIONS,
  type Client,
  type ClientSearchOption,
} from '@makazi/domain';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { ClientSearchResults } from './client-search-results';
import { clientSearchQueryOptions } from './search-clients';
import { useT } from '../../lib/i18n';

type ClientSearchDialogProps = {
  opened: boolean;
  onClose: () => void;
  managingAgentId: number;
  onSelect: (client: Client) => void;
};

type SearchForm = z.input<typeof ClientSearchQuery>;

/** The Search Client dialog (docs/screens.md#dialogs): find one of the agent's clients and pick it by double-click. */
export function ClientSearchDialog({ opened, onClose, managingAgentId, onSelect }: ClientSearchDialogProps) {
  const [submitted, setSubmitted] = useState<ClientSearchQuery | null>(null);
  const { t, tm } = useT();
  const form = useForm<SearchForm, unknown, ClientSearchQuery>({
    resolver: zodResolver(ClientSearchQuery),
    defaultValues: { searchOption: undefined, searchValue: '', managingAgentId },
  });
  const option = useWatch({ control: form.control, name: 'searchOption' }) as ClientSearchOption | undefined;
  const numeric = option !== undefined && NUMERIC_SEARCH_OPTIONS.includes(option);
  const search = useQuery({
    ...clientSearchQueryOptions(submitted ?? emptyQuery),
    enabled: submitted !== null,
  });

  function close() {
    setSubmitted(null);
    form.reset({ searchOption: undefined, searchValue: '', managingAgentId });
    onClose();
  }

  function choose(client: Client) {
    onSelect(client);
    close();
  }

  return (
    <Modal opened={opened} onClose={close} title={t('clientScreens.searchClient')} size="lg" centered>
      <Stack>
        <form noValidate onSubmit={form.handleSubmit((query) => setSubmitted(query))}>
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <Controller
              control={form.control}
              name="searchOption"
              render={({ field, fieldState }) => (
                <Select
                  label={t('clientScreens.searchBy')}
                  placeholder={t('clientScreens.searchBy')}
                  data={CLIENT_SEARCH_OPTIONS.map((value) => ({
                    value,
                    label: t(`clientScreens.searchOptions.${value}`),
                  }))}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={tm(fieldState.error?.message)}
                  miw={160}
                  allowDeselect={false}
                />
              )}
            />
            <TextInput
              label={t('clientScreens.search')}
              placeholder={
                option
                  ? t('clientScreens.enterOption', { option: t(`clientScreens.searchOptions.${option}`) })
                  : t('clientScreens.searchString')
              }
              inputMode={numeric ? 'numeric' : 'text'}
              {...form.register('searchValue')}
              error={tm(form.formState.errors.searchValue?.message)}
              miw={180}
            />
          </Group>
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={search.isFetching}>
              {t('clientScreens.search')}
            </Button>
          </Group>
        </form>
        {submitted ? (
          <ClientSearchResults
            status={search.isPending ? 'pending' : search.isError ? 'error' : 'success'}
            error={search.error}
            clients={search.data ?? []}
            onChoose={choose}
            onNavigate={close}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}

const emptyQuery: ClientSearchQuery = { searchOption: 'Full_name', searchValue: '', managingAgentId: 0 };
