import { FIND_HOUSE_MESSAGES, SaveVacancyListingRequest, type VacancyListing } from '@makazi/domain';
import { Alert, Anchor, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error-message';
import { saveVacancyListing, vacancyListingQuery } from './api/vacancy-listing';
import { Trans, useT } from '../../lib/i18n';
import { SettingsCard } from './settings-card';

/** Whether the agency's vacant, ready houses show on the public Find House page, and whom enquiries reach. */
export function VacancyListingCard({ managingAgentId }: { managingAgentId: number }) {
  const listing = useQuery(vacancyListingQuery(managingAgentId));
  const { t } = useT();
  return (
    <SettingsCard title={t('admin.listing.title')} loading={t('admin.listing.loading')} saved={listing}>
      {(saved) => <ListingForm key={managingAgentId} managingAgentId={managingAgentId} saved={saved} />}
    </SettingsCard>
  );
}

function ListingForm({ managingAgentId, saved }: { managingAgentId: number; saved: VacancyListing }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const { t, tm } = useT();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveVacancyListing,
    onSuccess: (next) => queryClient.setQueryData(vacancyListingQuery(managingAgentId).queryKey, next),
  });

  const submit = () => {
    const parsed = SaveVacancyListingRequest.safeParse({ managingAgentId, ...draft });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="admin.listing.intro"
          components={{
            // Not <link>: the parser reads it as HTML's void <link> tag and the anchor would lose its words.
            findHouse: <Anchor component={Link} to={paths.findHouse.getHref()} />,
          }}
        />
      </Text>
      <Switch
        label={t('admin.listing.publish')}
        checked={draft.Published}
        onChange={(event) => {
          const Published = event.currentTarget.checked;
          setDraft((d) => ({ ...d, Published }));
        }}
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('admin.listing.phone')}
          value={draft.EnquiryPhone}
          error={tm(errors.EnquiryPhone)}
          onChange={(event) => {
            const EnquiryPhone = event.currentTarget.value;
            setDraft((d) => ({ ...d, EnquiryPhone }));
          }}
          miw={180}
        />
        <TextInput
          label={t('admin.listing.email')}
          value={draft.EnquiryEmail}
          error={tm(errors.EnquiryEmail)}
          onChange={(event) => {
            const EnquiryEmail = event.currentTarget.value;
            setDraft((d) => ({ ...d, EnquiryEmail }));
          }}
          miw={220}
        />
      </Group>
      {save.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(save.error, 'Something went Wrong. Try again later!')}
        </Alert>
      ) : save.isSuccess ? (
        <Text c="teal.9" size="sm" role="status">
          {tm(FIND_HOUSE_MESSAGES.saved)}
        </Text>
      ) : null}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {t('admin.listing.save')}
        </Button>
      </Group>
    </Stack>
  );
}
