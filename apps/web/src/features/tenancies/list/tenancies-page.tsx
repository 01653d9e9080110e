import { TENANCY_FILTER_LABELS, TENANCY_FILTERS, TENANCY_LIST_TYPES, TENANCY_MESSAGES, type TenancyFilter } from '@makazi/domain';
import { Alert, Group, Loader, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { NextStep } from '../../../components/next-step';
import { NoWorkAccount } from '../../../components/no-work-account';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { activeTenanciesQuery, tenanciesCsv } from '../../../components/tenancies/tenancy-api';
import { paths } from '../../../config/paths';
import { useWorkContext } from '../../../lib/session';
import { TenanciesResults } from './tenancies-results';

const PAGE_SIZE = 20;
type ListType = keyof typeof TENANCY_LIST_TYPES;
const LIST_TYPE_OPTIONS = Object.entries(TENANCY_LIST_TYPES).map(([value, label]) => ({ value, label }));
const FILTER_OPTIONS = TENANCY_FILTERS.map((value) => ({ value, label: TENANCY_FILTER_LABELS[value] }));

/** tenancymanagement/tenancies (docs/screens.md#tenancies-list): filtered and paged by the server. */
export function TenanciesPage() {
  const { space, managingAgentId } = useWorkContext();
  const navigate = useNavigate();
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
        <Title order={2}>Tenancies</Title>
        <ExportCsvButton {...tenanciesCsv(managingAgentId, { listType, filterBy, filterValue })} disabled={!list.data?.total} />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="List type"
          data={LIST_TYPE_OPTIONS}
          value={listType}
          onChange={(value) => value && reset(setListType)(value as ListType)}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label="Filter by"
          data={FILTER_OPTIONS}
          value={filterBy}
          onChange={(value) => value && reset(setFilterBy)(value as TenancyFilter)}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          label="Filter"
          placeholder={`Search ${TENANCY_FILTER_LABELS[filterBy]}`}
          value={text}
          onChange={(e) => reset(setText)(e.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
        />
        {list.isFetching ? <Loader size="sm" aria-label="Loading tenancies" /> : null}
      </Group>

      {list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {TENANCY_MESSAGES.cannotGet}
        </Alert>
      ) : null}
      {list.isPending ? <Text c="dimmed">Loading</Text> : null}
      {list.data && list.data.tenancies.length === 0 ? (
        // Nothing at all, not just nothing matching: booking one is the way on.
        listType === 'all' && !filterValue ? (
          <NextStep
            message={TENANCY_MESSAGES.noneFound}
            action={TENANCY_MESSAGES.bookOne}
            to={paths.pm.bookTenancy.getHref(space)}
            allowed="allAllowed"
          />
        ) : (
          <Text c="dimmed">{TENANCY_MESSAGES.noneFound}</Text>
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
                ? `${list.data.total} ${list.data.total === 1 ? 'tenancy' : 'tenancies'}`
                : `More than ${list.data.total} tenancies`}
            </Text>
            {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
