import { GENERIC_FAILURE_MESSAGE, API, type Expense } from '@makazi/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { PaidOnwardPart } from '../../components/landlord/paid-onward-part';
import { kshOf } from '../../lib/amount';
import { apiErrorMessage } from '../../lib/api-error-message';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import {
  decideExpense,
  landlordViewKey,
  leaveLink,
  linkExpensesQuery,
  linkPayoutsQuery,
  linkStatementQuery,
  myLinksQuery,
} from './api/landlord-view';

const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);

/** /landlord: each agency that linked the signed-in landlord, apart, read-only but for their approvals. */
export function LandlordViewPage() {
  const { t } = useT();
  const links = useQuery(myLinksQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const linkId = chosen ?? (links.data?.[0] ? String(links.data[0].LinkId) : null);

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('landlordView.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('landlordView.intro')}
        </Text>
        {links.data && links.data.length === 0 ? (
          <Alert variant="light">{t('landlordView.none')}</Alert>
        ) : null}
        {links.data && links.data.length > 0 && linkId ? (
          <Tabs value={linkId} onChange={setChosen}>
            <Tabs.List aria-label={t('landlordView.agency')}>
              {links.data.map((l) => (
                <Tabs.Tab
                  key={l.LinkId}
                  value={String(l.LinkId)}
                  rightSection={l.AwaitingApproval > 0 ? <Badge size="sm">{l.AwaitingApproval}</Badge> : null}
                >
                  {l.Agency}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        ) : null}
        {linkId ? <AgencyBooks key={linkId} linkId={Number(linkId)} onLeft={() => setChosen(null)} /> : null}
      </Stack>
    </Container>
  );
}

function AgencyBooks({ linkId, onLeft }: { linkId: number; onLeft: () => void }) {
  const { t, tm } = useT();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(thisMonth());
  const statement = useQuery({ ...linkStatementQuery(linkId, month), enabled: /^\d{4}-\d{2}$/.test(month) });
  const expenses = useQuery(linkExpensesQuery(linkId));
  const payouts = useQuery(linkPayoutsQuery(linkId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: landlordViewKey });
  const decide = useMutation({
    mutationFn: (d: { ExpenseId: number; Approve: boolean }) => decideExpense({ LinkId: linkId, ...d }),
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: tm(r.message) });
      await refresh();
    },
    onError: (e) =>
      notifications.show({ color: 'red', message: tm(apiErrorMessage(e, GENERIC_FAILURE_MESSAGE)) }),
  });
  const leave = useMutation({
    mutationFn: () => leaveLink(linkId),
    onSuccess: async () => {
      onLeft();
      await refresh();
    },
  });
  const s = statement.data;
  const waiting = (expenses.data ?? []).filter((e) => e.Status === 'awaiting_approval');
  const figures: [string, string][] = s
    ? [
        [t('landlordView.opening'), kshOf(s.OpeningBalance)],
        ...(s.BroughtForward ? [[t('landlordView.broughtForward'), kshOf(s.BroughtForward)] as [string, string]] : []),
        [t('landlordView.collected'), kshOf(s.RentCollected)],
        [t('landlordView.chargesCollected'), kshOf(s.ChargesCollected)],
        [t('landlordView.passedOn'), kshOf(s.PassedOn)],
        [t('landlordView.commission'), kshOf(s.Commission)],
        [t('landlordView.taxWithheld'), kshOf(s.TaxWithheld)],
        [t('landlordView.expenses'), kshOf(s.ExpensesTotal)],
        [t('landlordView.payouts'), kshOf(s.PayoutsTotal)],
        [t('landlordView.closing'), kshOf(s.ClosingBalance)],
      ]
    : [];
  const statusOf = (e: Expense) =>
    t(`landlordView.statuses.${e.Status as 'posted'}`, { defaultValue: e.Status });

  return (
    <Stack gap="md">
      <Group align="end">
        <TextInput
          type="month"
          label={t('landlordView.month')}
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
        />
        <Button
          variant="default"
          disabled={!s}
          onClick={() =>
            void downloadFile(
              API.landlordView.statementPdf,
              { LinkId: linkId, month },
              'application/pdf',
              `owner-statement-${month}.pdf`,
            )
          }
        >
          {t('landlordView.statementPdf')}
        </Button>
      </Group>

      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordView.approvals')}>
        <Title order={2} fz="h3" mb="sm">
          {t('landlordView.approvals')}
        </Title>
        {waiting.length === 0 ? <Text c="dimmed">{t('landlordView.noApprovals')}</Text> : null}
        {waiting.map((e) => (
          <Group key={e.ExpenseId} justify="space-between" py="xs" wrap="wrap">
            <Text>
              {e.ExpenseDate} · {e.Property_name}
              {e.House_number ? ` ${e.House_number}` : ''} · {e.Payee} · <strong>{kshOf(e.Amount)}</strong>
              {e.Note ? ` · ${e.Note}` : ''}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                loading={decide.isPending}
                onClick={() => decide.mutate({ ExpenseId: e.ExpenseId, Approve: true })}
                aria-label={`${t('landlordView.approve')} ${e.Payee} ${kshOf(e.Amount)}`}
              >
                {t('landlordView.approve')}
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={decide.isPending}
                onClick={() => decide.mutate({ ExpenseId: e.ExpenseId, Approve: false })}
              >
                {t('landlordView.decline')}
              </Button>
            </Group>
          </Group>
        ))}
      </Card>

      {s ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordView.balance')}>
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="h3">
              {s.Landlord_name} · {s.Agency}
            </Title>
            <Text fw={700} aria-label={t('landlordView.balance')}>
              {t('landlordView.balance')}: {kshOf(s.ClosingBalance)}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {figures.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600}>{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          <PaidOnwardPart statement={s} />
        </Card>
      ) : null}

      {s ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordView.houses')}>
          <Title order={2} fz="h3" mb="sm">
            {t('landlordView.houses')}
          </Title>
          <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('landlordView.property')}</Table.Th>
                  <Table.Th>{t('landlordView.house')}</Table.Th>
                  <Table.Th>{t('landlordView.tenant')}</Table.Th>
                  <Table.Th ta="right">{t('landlordView.rentCharged')}</Table.Th>
                  <Table.Th ta="right">{t('landlordView.collected')}</Table.Th>
                  <Table.Th ta="right">{t('landlordView.arrears')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.Houses.map((h) => (
                  <Table.Tr key={`${h.HouseId}-${h.TenancyId ?? 0}`}>
                    <Table.Td>{h.Property_name}</Table.Td>
                    <Table.Td>{h.House_number}</Table.Td>
                    <Table.Td>
                      {h.Vacant ? <Badge variant="light">{t('landlordView.vacant')}</Badge> : h.Tenant_name}
                    </Table.Td>
                    <Table.Td ta="right">{kshOf(h.RentCharged)}</Table.Td>
                    <Table.Td ta="right">{kshOf(h.RentCollected)}</Table.Td>
                    <Table.Td ta="right">{kshOf(h.Arrears)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : null}

      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordView.expenses')}>
        <Title order={2} fz="h3" mb="sm">
          {t('landlordView.expenses')}
        </Title>
        {expenses.data && expenses.data.length === 0 ? (
          <Text c="dimmed">{t('landlordView.noExpenses')}</Text>
        ) : null}
        {expenses.data && expenses.data.length > 0 ? (
          <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('landlordView.date')}</Table.Th>
                  <Table.Th>{t('landlordView.property')}</Table.Th>
                  <Table.Th>{t('landlordView.payee')}</Table.Th>
                  <Table.Th>{t('landlordView.status')}</Table.Th>
                  <Table.Th ta="right">{t('landlordView.amount')}</Table.Th>
                  <Table.Th>{t('landlordView.receipt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {expenses.data.map((e) => (
                  <Table.Tr key={e.ExpenseId}>
                    <Table.Td>{e.ExpenseDate}</Table.Td>
                    <Table.Td>
                      {e.Property_name}
                      {e.House_number ? ` ${e.House_number}` : ''}
                    </Table.Td>
                    <Table.Td>{e.Payee}</Table.Td>
                    <Table.Td>{statusOf(e)}</Table.Td>
                    <Table.Td ta="right">{kshOf(e.Amount)}</Table.Td>
                    <Table.Td>
                      {e.HasReceipt ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() =>
                            void downloadFile(
                              API.landlordView.expenseReceipt,
                              { LinkId: linkId, ExpenseId: e.ExpenseId },
                              '*/*',
                              e.ReceiptName ?? 'receipt',
                            )
                          }
                        >
                          {t('landlordView.download')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordView.payouts')}>
        <Title order={2} fz="h3" mb="sm">
          {t('landlordView.payouts')}
        </Title>
        {payouts.data && payouts.data.length === 0 ? (
          <Text c="dimmed">{t('landlordView.noPayouts')}</Text>
        ) : null}
        {payouts.data && payouts.data.length > 0 ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('landlordView.date')}</Table.Th>
                <Table.Th>{t('landlordView.method')}</Table.Th>
                <Table.Th>{t('landlordView.reference')}</Table.Th>
                <Table.Th ta="right">{t('landlordView.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payouts.data.map((p) => (
                <Table.Tr key={p.PayoutId}>
                  <Table.Td>{p.PayoutDate}</Table.Td>
                  <Table.Td>{p.Method}</Table.Td>
                  <Table.Td>{p.Reference}</Table.Td>
                  <Table.Td ta="right">{kshOf(p.Amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Card>

      <Group>
        <Button variant="subtle" color="red" loading={leave.isPending} onClick={() => leave.mutate()}>
          {t('landlordView.stopSeeing')}
        </Button>
      </Group>
    </Stack>
  );
}
