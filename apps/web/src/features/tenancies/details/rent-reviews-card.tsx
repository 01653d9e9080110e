import { amountToCents, formatDay, formatKsh, type RentHistoryRow } from '@makazi/domain';
import { Alert, Badge, Button, Card, Checkbox, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { apiErrorMessage } from '../../../lib/api-error-message';
import { useT } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { cancelReview, rentHistoryQuery, scheduleReview, updateReview } from '../api/rent-reviews';

const ksh = (amount: number) => formatKsh(amountToCents(amount));
/** 'YYYY-MM-DD' as the screens write a day. */
const day = (iso: string) => formatDay(`${iso}T12:00:00+03:00`);
/** dd/mm/yyyy as typed → 'YYYY-MM-DD'; anything else goes as typed, for the server to refuse in words. */
function isoOf(typed: string) {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(typed);
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : typed.trim();
}

/**
 * A tenancy's rent history: the rent it started at and each review, charged
 * or scheduled, with the day the tenant is told (docs/decisions/026-rent-reviews.md).
 * Admins of the managing agency schedule, change and cancel reviews not yet charged.
 */
export function RentReviewsCard({ managingAgentId, tenancyId }: { managingAgentId: number; tenancyId: number }) {
  const history = useQuery(rentHistoryQuery(managingAgentId, tenancyId));
  const { t, month } = useT();
  const [editing, setEditing] = useState<RentHistoryRow | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<RentHistoryRow | null>(null);
  if (history.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {apiErrorMessage(history.error, 'Something Went wrong. Try Again Later')}
      </Alert>
    );
  }
  if (!history.data) return <Text c="dimmed">{t('tenancies.details.loading')}</Text>;
  const data = history.data;
  const describe = (r: RentHistoryRow) => {
    if (r.ReviewId === null) return t('rentReviews.started');
    const what =
      r.Percent !== null
        ? t('rentReviews.percentReview', { percent: r.Percent, date: day(r.ReviewDate!) })
        : t('rentReviews.amountReview', { amount: ksh(r.Increase ?? 0), date: day(r.ReviewDate!) });
    return r.Yearly ? `${what}, ${t('rentReviews.yearly')}` : what;
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={3} size="h4">
          {t('rentReviews.title')}
        </Title>
        <Text fw={600}>{t('rentReviews.current', { rent: ksh(data.CurrentRent) })}</Text>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('rentReviews.intro')}
      </Text>
      <Table.ScrollContainer minWidth={340} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('rentReviews.title') } }}>
        <Table verticalSpacing={4} aria-label={t('rentReviews.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rentReviews.from')}</Table.Th>
              <Table.Th ta="right">{t('rentReviews.rent')}</Table.Th>
              <Table.Th>{t('rentReviews.review')}</Table.Th>
              <Table.Th>{t('rentReviews.status')}</Table.Th>
              {data.CanReview ? <Table.Th data-print-hide>{t('rentReviews.actions')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.Rents.map((r) => (
              <Table.Tr key={r.ReviewId ?? 'start'}>
                <Table.Td>{month(r.FromMonth)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {ksh(r.Rent)}
                </Table.Td>
                <Table.Td>{describe(r)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge variant="light" color={r.Status === 'charged' ? 'gray' : 'blue'}>
                      {r.Status === 'charged' ? t('rentReviews.charged') : t('rentReviews.scheduled')}
                    </Badge>
                    {r.NoticeDay && r.Status === 'scheduled' ? (
                      <Text size="xs" c="dimmed">
                        {r.NoticeSent ? t('rentReviews.noticeSent') : t('rentReviews.noticeOn', { date: day(r.NoticeDay) })}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                {data.CanReview ? (
                  <Table.Td data-print-hide>
                    {r.ReviewId !== null && r.Status === 'scheduled' ? (
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" variant="subtle" onClick={() => setEditing(r)}>
                          {t('rentReviews.edit')}
                        </Button>
                        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setCancelling(r)}>
                          {t('rentReviews.cancel')}
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.CanReview ? (
        <Group mt="sm" data-print-hide>
          <Button variant="light" onClick={() => setEditing('new')}>
            {t('rentReviews.add')}
          </Button>
        </Group>
      ) : null}
      {editing ? (
        <ReviewForm managingAgentId={managingAgentId} tenancyId={tenancyId} review={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {cancelling ? (
        <CancelReview managingAgentId={managingAgentId} review={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </Card>
  );
}

function useRefresh(managingAgentId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.tenancies(managingAgentId) });
}

function ReviewForm({
  managingAgentId,
  tenancyId,
  review,
  onClose,
}: {
  managingAgentId: number;
  tenancyId: number;
  review: RentHistoryRow | null;
  onClose: () => void;
}) {
  const { t, tm } = useT();
  const refresh = useRefresh(managingAgentId);
  const [on, setOn] = useState<'anniversary' | 'date'>(review ? 'date' : 'anniversary');
  const [typedDate, setTypedDate] = useState(review?.ReviewDate ? day(review.ReviewDate) : '');
  const [basis, setBasis] = useState<'percent' | 'amount'>(review?.Increase != null ? 'amount' : 'percent');
  const [value, setValue] = useState(review ? String(review.Percent ?? review.Increase ?? '') : '');
  const [yearly, setYearly] = useState(review?.Yearly ?? true);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const terms = {
        Yearly: yearly,
        ...(basis === 'percent' ? { Percent: value.trim() } : { Amount: value.trim() }),
      };
      return review
        ? updateReview({ managingAgentId, ReviewId: review.ReviewId!, Date: isoOf(typedDate), ...terms })
        : scheduleReview({ managingAgentId, TenancyId: tenancyId, On: on, ...(on === 'date' ? { Date: isoOf(typedDate) } : {}), ...terms });
    },
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: tm(result.message) });
      onClose();
    },
    onError: (e) => setError(apiErrorMessage(e, 'Something Went wrong. Try Again Later')),
    onSettled: refresh,
  });
  return (
    <Modal opened onClose={() => !save.isPending && onClose()} title={t('rentReviews.formTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          save.mutate();
        }}
      >
        <Stack gap="md">
          {review ? null : (
            <SegmentedControl
              aria-label={t('rentReviews.on')}
              value={on}
              onChange={(v) => setOn(v as 'anniversary' | 'date')}
              data={[
                { value: 'anniversary', label: t('rentReviews.onAnniversary') },
                { value: 'date', label: t('rentReviews.onDate') },
              ]}
              orientation="vertical"
            />
          )}
          {on === 'date' || review ? (
            <TextInput label={t('rentReviews.date')} value={typedDate} onChange={(e) => setTypedDate(e.currentTarget.value)} inputMode="numeric" placeholder={t('rentReviews.datePlaceholder')} required />
          ) : null}
          <SegmentedControl
            aria-label={t('rentReviews.basis')}
            value={basis}
            onChange={(v) => setBasis(v as 'percent' | 'amount')}
            data={[
              { value: 'percent', label: t('rentReviews.byPercent') },
              { value: 'amount', label: t('rentReviews.byAmount') },
            ]}
          />
          <TextInput
            label={basis === 'percent' ? t('rentReviews.percent') : t('rentReviews.amount')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            inputMode="decimal"
            required
          />
          <Checkbox label={t('rentReviews.repeat')} checked={yearly} onChange={(e) => setYearly(e.currentTarget.checked)} />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('rentReviews.close')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('rentReviews.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CancelReview({ managingAgentId, review, onClose }: { managingAgentId: number; review: RentHistoryRow; onClose: () => void }) {
  const { t, tm, month } = useT();
  const refresh = useRefresh(managingAgentId);
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => cancelReview({ managingAgentId, ReviewId: review.ReviewId! }),
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: tm(result.message) });
      onClose();
    },
    onError: (e) => setError(apiErrorMessage(e, 'Something Went wrong. Try Again Later')),
    onSettled: refresh,
  });
  return (
    <Modal opened onClose={() => !cancel.isPending && onClose()} title={t('rentReviews.cancelTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('rentReviews.cancelBody', { month: month(review.FromMonth), rent: ksh(review.Rent) })}</Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            {t('rentReviews.keep')}
          </Button>
          <Button color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>
            {t('rentReviews.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
