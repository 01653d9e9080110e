import { FIND_HOUSE_MESSAGES, formatMoneyInput, stripMoneyInput } from '@makazi/domain';
import { Alert, Button, Container, Group, Loader, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { apiErrorMessage } from '../../lib/api-error-message';
import { useVacantHouses, type VacantHousesSearch } from './api/vacant-houses';
import { HouseCard } from './house-card';
import { useT } from '../../lib/i18n';

const EMPTY = { county: '', town: '', estate: '', minRent: '', maxRent: '' };

/** Find House: vacant houses agencies choose to publish, for anyone, signed in or not. */
export function FindHousePage() {
  const [form, setForm] = useState(EMPTY);
  const [query, setQuery] = useState<VacantHousesSearch>({ page: 1 });
  const houses = useVacantHouses(query);
  const { t, tm } = useT();

  const field = (name: keyof typeof EMPTY, money = false) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((f) => ({ ...f, [name]: money ? formatMoneyInput(value) : value }));
    },
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = (v: string) => v.trim() || undefined;
    setQuery({
      county: text(form.county),
      town: text(form.town),
      estate: text(form.estate),
      minRent: text(stripMoneyInput(form.minRent)),
      maxRent: text(stripMoneyInput(form.maxRent)),
      page: 1,
    });
  };

  const data = houses.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <div>
          <Title order={1}>{t('findHouse.title')}</Title>
          <Text c="gray.7">{t('findHouse.intro')}</Text>
        </div>
        <form onSubmit={search} aria-label={t('findHouse.form')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 6 }} spacing="sm">
            <TextInput label={t('findHouse.county')} {...field('county')} maxLength={60} />
            <TextInput label={t('findHouse.town')} {...field('town')} maxLength={60} />
            <TextInput label={t('findHouse.estate')} {...field('estate')} maxLength={60} />
            <TextInput label={t('findHouse.rentFrom')} inputMode="decimal" {...field('minRent', true)} />
            <TextInput label={t('findHouse.rentTo')} inputMode="decimal" {...field('maxRent', true)} />
            <Group align="flex-end">
              <Button type="submit" fullWidth>
                {t('findHouse.search')}
              </Button>
            </Group>
          </SimpleGrid>
        </form>
        {houses.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(houses.error, FIND_HOUSE_MESSAGES.failed)}
          </Alert>
        ) : !data ? (
          <Loader aria-label={t('findHouse.loading')} />
        ) : data.houses.length === 0 ? (
          <Text>{tm(FIND_HOUSE_MESSAGES.none)}</Text>
        ) : (
          <>
            <Text size="sm" aria-live="polite">
              {t('findHouse.total', { count: data.total })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {data.houses.map((house) => (
                <HouseCard key={house.HouseId} house={house} />
              ))}
            </SimpleGrid>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={data.page}
                onChange={(page) => setQuery((q) => ({ ...q, page }))}
                getControlProps={(control) => ({
                  'aria-label': t('findHouse.page', { control: t(`findHouse.pageControls.${control}`) }),
                })}
              />
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
