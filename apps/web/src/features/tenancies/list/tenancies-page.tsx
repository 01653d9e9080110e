import { TENANCY_FILTERS, TENANCY_LIST_TYPES, TENANCY_MESSAGES, type TenancyFilter } from '@makazi/domain';
import { Alert, Group, Loader, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { NextStep } from '../../../components/next-step';
import { NoWorkAccount } from '../../../components/no-work-account';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { activeTenanciesQuery, tenanciesCsv } from '../../../lib/api/tenancies';
import { paths } from '../../../config/paths';
import { useWorkContext } from '../../../lib/session';
import { TenanciesResults } from './tenancies-results';
import { useT } from '../../../lib/i18n';

const PAGE_SIZE = 20;
type ListType = keyof typeof TENANCY_LIST_TYPES;
const LIST_TYPES = Object.keys(TENANCY_LIST_TYPES) as ListType[];

/** tenancymanagement/tenancies (docs/screens.md#tenancies-list): filtered and paged by the server. */
export function TenanciesPage() {
  const { space, managingAgentId } = useWorkContext();
  const navigate = useNavigate();
  const { t, tm } = useT();
  const [listType, setListType] = useState<ListType>('all');
  const [filterBy, setFilterBy] = useState<TenancyFilter>('Tenant_name');
  const [text, setText] = useState('');
  const [filterValue] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...activeTenanciesQuery(managingAgentId ?? 0, { listType, filterBy, filterValue, page, pageSize: PAGE_SIZE }),
    enabled: managingAgentId !== null,
  });

  if (!managingAgentId || !space) return <NoWorkAccount />;
  // A total the server stopped counting at still has a row past it: one more page to reach.
  const pages = list.data ? Math.max(1, Math.ceil((list.data.total + (list.data.exact ? 0 : 1)) / PAGE_SIZE)) : 1;
  // Any change of what is listed starts again at the first page.
  const reset = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('tenancies.list.title')}</Title>
        <ExportCsvButton {...tenanciesCsv(managingAgentId, { listType, filterBy, filterValue })} disabled={!list.data?.total} />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('tenancies.list.listType')}
          data={LIST_TYPES.map((value) => ({ value, label: t(`tenancies.listTypes.${value}`) }))}
          value={listType}
          onChange={(value) => value && reset(setListType)(value as ListType)}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('tenancies.list.filterBy')}
          data={TENANCY_FILTERS.map((value) => ({ value, label: t(`tenancies.filters.${value}`) }))}
          value={filterBy}
          onChange={(value) => value && reset(setFilterBy)(value as TenancyFilter)}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          label={t('tenancies.list.filter')}
          placeholder={t('tenancies.list.searchField', { field: t(`tenancies.filters.${filterBy}`) })}
          value={text}
          onChange={(e) => reset(setText)(e.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
        />
        {list.isFetching ? <Loader size="sm" aria-label={t('tenancies.list.loadingTenancies')} /> : null}
      </Group>

      {list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {tm(TENANCY_MESSAGES.cannotGet)}
        </Alert>
      ) : null}
      {list.isPending ? <Text c="dimmed">{t('tenancies.list.loading')}</Text> : null}
      {list.data && list.data.tenancies.length === 0 ? (
        // Nothing at all, not just nothing matching: booking one is the way on.
        listType === 'all' && !filterValue ? (
          <NextStep
            message={tm(TENANCY_MESSAGES.noneFound)}
            action={tm(TENANCY_MESSAGES.bookOne)}
            to={paths.pm.bookTenancy.getHref(space)}
            allowed="allAllowed"
          />
        ) : (
          <Text c="dimmed">{tm(TENANCY_MESSAGES.noneFound)}</Text>
        )
      ) : null}
      {list.data && list.data.tenancies.length > 0 ? (
        <>
          <TenanciesResults
            tenancies={list.data.tenancies}
            onOpen={(id) => navigate(paths.pm.tenancyDetails.getHref(space, id))}
          />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {list.data.exact
                ? t('tenancies.list.total', { count: list.data.total })
                : t('tenancies.list.moreThan', { count: list.data.total })}
            </Text>
            {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
