import { GENERIC_FAILURE_MESSAGE, API, type Expense, type Payout } from '@makazi/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { MoneyRows } from '../../components/landlord/money-rows';
import { OwnerStatementHouses } from '../../components/landlord/owner-statement-houses';
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
        ...(s.Vat ? [[t('landlordView.vat'), kshOf(s.Vat)] as [string, string]] : []),
        [t('landlordView.taxWithheld'), kshOf(s.TaxWithheld)],
        [t('landlordView.expenses'), kshOf(s.ExpensesTotal)],
        [t('landlordView.payouts'), kshOf(s.PayoutsTotal)],
        [t('landlordView.closing'), kshOf(s.ClosingBalance)],
      ]
    : [];
  // The month chosen is the month of every table, as the summary is (an expense or payout by its own date).
  const monthExpenses = (expenses.data ?? []).filter((e) => e.ExpenseDate.startsWith(month));
  const monthPayouts = (payouts.data ?? []).filter((p) => p.PayoutDate.startsWith(month));
  const statusOf = (e: Expense) =>
    t(`landlordView.statuses.${e.Status as 'posted'}`, { defaultValue: e.Status });

  return (
    <Stack gap="md">
      <Group align="end" wrap="wrap" role="group" aria-label={t('landlordView.papers')}>
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
        {s && s.TaxWithheld > 0 ? (
          <Button
            variant="default"
            onClick={() =>
              void downloadFile(
                API.landlordView.mriCertificate,
                { LinkId: linkId, month },
                'application/pdf',
                `mri-certificate-${month}.pdf`,
              )
            }
          >
            {t('landlordView.certificatePdf')}
          </Button>
        ) : null}
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
          <OwnerStatementHouses statement={s} />
        </Card>
      ) : null}

      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordView.expenses')}>
        <Title order={2} fz="h3" mb="sm">
          {t('landlordView.expenses')}
        </Title>
        {expenses.data && monthExpenses.length === 0 ? <Text c="dimmed">{t('landlordView.noExpensesMonth')}</Text> : null}
        {monthExpenses.length > 0 ? (
          <MoneyRows<Expense>
            label={t('landlordView.expenses')}
            rows={monthExpenses}
            rowKey={(e) => String(e.ExpenseId)}
            columns={[
              { key: 'date', label: t('landlordView.date'), cell: (e) => e.ExpenseDate },
              { key: 'property', label: t('landlordView.property'), cell: (e) => `${e.Property_name}${e.House_number ? ` ${e.House_number}` : ''}` },
              { key: 'payee', label: t('landlordView.payee'), cell: (e) => e.Payee },
              { key: 'status', label: t('landlordView.status'), cell: statusOf },
              {
                key: 'receipt',
                label: t('landlordView.receipt'),
                cell: (e) =>
                  e.HasReceipt ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() =>
                        void downloadFile(API.landlordView.expenseReceipt, { LinkId: linkId, ExpenseId: e.ExpenseId }, '*/*', e.ReceiptName ?? 'receipt')
                      }
                    >
                      {t('landlordView.download')}
                    </Button>
                  ) : null,
              },
              { key: 'amount', label: t('landlordView.amount'), cell: (e) => kshOf(e.Amount), amount: true },
            ]}
          />
        ) : null}
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('landlordView.payouts')}>
        <Title order={2} fz="h3" mb="sm">
          {t('landlordView.payouts')}
        </Title>
        {payouts.data && monthPayouts.length === 0 ? <Text c="dimmed">{t('landlordView.noPayoutsMonth')}</Text> : null}
        {monthPayouts.length > 0 ? (
          <MoneyRows<Payout>
            label={t('landlordView.payouts')}
            rows={monthPayouts}
            rowKey={(p) => String(p.PayoutId)}
            columns={[
              { key: 'date', label: t('landlordView.date'), cell: (p) => p.PayoutDate },
              { key: 'method', label: t('landlordView.method'), cell: (p) => p.Method },
              { key: 'reference', label: t('landlordView.reference'), cell: (p) => p.Reference },
              {
                key: 'advice',
                label: t('landlordView.advicePdf'),
                cell: (p) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={t('landlordView.adviceFor', { date: p.PayoutDate, amount: kshOf(p.Amount) })}
                    onClick={() =>
                      void downloadFile(API.landlordView.payoutAdvice, { LinkId: linkId, PayoutId: p.PayoutId }, 'application/pdf', `remittance-advice-${p.PayoutId}.pdf`)
                    }
                  >
                    {t('landlordView.advicePdf')}
                  </Button>
                ),
              },
              { key: 'amount', label: t('landlordView.amount'), cell: (p) => kshOf(p.Amount), amount: true },
            ]}
          />
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
