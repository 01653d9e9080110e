import { DeclineForm, HIRING_MESSAGES, LIMITS, type HireOffer } from '@makazi/domain';
import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { useT } from '../../lib/i18n';
import { offersReceivedQuery, useAcceptOffer, useDeclineOffer } from './api/work';

type Props = {
  userNo: number;
  /** Accept is disabled for an agency-account owner or a user already under contract. */
  acceptBlocked: string | null;
  /** Where the user goes after answering: the origin path, or home. */
  onAnswered: () => void;
};

/** settings/{id}/work (docs/screens.md#work-settings): offers received, accepted with Yes or declined with an optional reason. */
export function OffersReceived({ userNo, acceptBlocked, onAnswered }: Props) {
  const { t, tm } = useT();
  const offers = useQuery(offersReceivedQuery(userNo));
  const accept = useAcceptOffer(userNo);
  const decline = useDeclineOffer(userNo);
  const [accepting, setAccepting] = useState<HireOffer | null>(null);
  const [declining, setDeclining] = useState<HireOffer | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonError = DeclineForm.safeParse({ DeclineReason: reason }).error?.issues[0]?.message;

  function confirmAccept() {
    if (!accepting) {
      setError(tm(HIRING_MESSAGES.noOfferForAcceptance));
      return;
    }
    accept.mutate(accepting, {
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: tm(result.message) });
        setAccepting(null);
        onAnswered();
      },
      onError: (e) => {
        setAccepting(null);
        setError(apiErrorMessage(e, HIRING_MESSAGES.acceptFailed));
      },
    });
  }

  function confirmDecline() {
    if (!declining) {
      setError(tm(HIRING_MESSAGES.noOfferSelected));
      return;
    }
    if (reasonError) return;
    decline.mutate(
      { offer: declining, reason: reason.trim() },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', message: tm(result.message) });
          setDeclining(null);
          onAnswered();
        },
        onError: (e) => {
          setDeclining(null);
          setError(apiErrorMessage(e, HIRING_MESSAGES.declineFailed));
        },
      },
    );
  }

  return (
    <Stack gap="xs" data-testid="offers-received">
      <Title order={2} fz="lg">
        {t('hiring.work.offersReceived')}
      </Title>
      {offers.isPending ? <Text c="dimmed">{t('hiring.loading')}</Text> : null}
      {offers.isError ? (
        <Text c="red" role="alert">
          {apiErrorMessage(offers.error, 'Something Went wrong. Try Again Later')}
        </Text>
      ) : null}
      {offers.data?.length === 0 ? <Text c="dimmed">{t('hiring.work.noOffers')}</Text> : null}
      {offers.data?.map((offer) => (
        <Card key={offer.AgencyUserHireOfferId} withBorder radius="sm" padding="sm" data-testid="offer">
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{offer.AgencyName}</Text>
              <Badge variant="light">
                {offer.Self === 1 ? t('hiring.work.landlordAccount') : t('hiring.work.agencyAccount')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('hiring.work.from', { name: offer.AgentOwnerName, date: formatDateTime(offer.DateOfferPlaced) })}
            </Text>
            <Group gap="xs">
              <Button size="xs" disabled={acceptBlocked !== null} onClick={() => setAccepting(offer)}>
                {t('hiring.work.accept')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => {
                  setReason('');
                  setDeclining(offer);
                }}
              >
                {t('hiring.work.decline')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      {acceptBlocked && offers.data?.length ? (
        <Text size="sm" c="orange">
          {acceptBlocked}
        </Text>
      ) : null}
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={accepting !== null}
        title={t('hiring.work.acceptTitle')}
        loading={accept.isPending}
        onCancel={() => setAccepting(null)}
        onConfirm={confirmAccept}
      >
        {t('hiring.work.acceptText', { agency: accepting?.AgencyName ?? '' })}
      </ConfirmDialog>
      <Modal opened={declining !== null} onClose={() => setDeclining(null)} title={t('hiring.work.declineTitle')} centered>
        <Stack gap="sm">
          <Textarea
            label={t('hiring.work.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={tm(reasonError)}
            description={`${reason.length}/${LIMITS.declineReasonMax}`}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(null)} disabled={decline.isPending}>
              {t('hiring.work.cancel')}
            </Button>
            <Button
              color="red"
              onClick={confirmDecline}
              loading={decline.isPending}
              disabled={Boolean(reasonError)}
            >
              {t('hiring.work.decline')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
