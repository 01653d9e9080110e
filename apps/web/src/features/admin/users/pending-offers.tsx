import { HIRING_MESSAGES, type HireOffer } from '@makazi/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatDateTime } from '../../../lib/format-date-time';
import { useT } from '../../../lib/i18n';
import { offersSentQuery, useRevokeOffer } from '../api/hiring';

/** Pending hire offers sent by the account, each with Revoke Offer. */
export function PendingOffers({ agentId }: { agentId: number }) {
  const { t, tm } = useT();
  const offers = useQuery(offersSentQuery(agentId));
  const revoke = useRevokeOffer(agentId);
  const [error, setError] = useState<string | null>(null);

  function revokeOffer(offer: HireOffer) {
    setError(null);
    revoke.mutate(offer, {
      onSuccess: (result) => {
        notifications.show({ color: result.iserror ? 'red' : 'green', message: tm(result.message) });
        if (result.iserror) setError(tm(result.message));
      },
      onError: (e) =>
        setError(e instanceof ApiError && e.status === 404 ? tm(e.message) : apiErrorMessage(e, HIRING_MESSAGES.revokeFailed)),
    });
  }

  return (
    <Stack gap="xs" data-testid="pending-offers">
      <Title order={3} fz="md">
        {t('hiring.offersSent')}
      </Title>
      {offers.isPending ? <Text c="dimmed">{t('hiring.loading')}</Text> : null}
      {offers.isError ? (
        <Text c="red" role="alert">
          {apiErrorMessage(offers.error, HIRING_MESSAGES.offersSentFailed)}
        </Text>
      ) : null}
      {offers.data?.length === 0 ? <Text c="dimmed">{tm(HIRING_MESSAGES.noOffersSent)}</Text> : null}
      {offers.data?.map((offer) => (
        <Card key={offer.AgencyUserHireOfferId} withBorder padding="sm" radius="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600}>{offer.Full_name}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('hiring.sentOn', { email: offer.Email, date: formatDateTime(offer.DateOfferPlaced) })}
              </Text>
            </Stack>
            <Button
              color="red"
              variant="light"
              size="xs"
              loading={revoke.isPending && revoke.variables?.AgencyUserHireOfferId === offer.AgencyUserHireOfferId}
              onClick={() => revokeOffer(offer)}
            >
              {t('hiring.revoke')}
            </Button>
          </Group>
        </Card>
      ))}
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
