import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi, offline } from '../../../testing/mock-api';
import { agencyOwnerSession } from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { tenancyFixture } from '../../../testing/tenancy-fixture';
import { ReceivePaymentForm } from './receive-payment-form';

const LEDGERS = 'GET /api/pmMoneyTransactions/getagentledgersbyagentid';
const ACTIVE = 'GET /api/tenancy/getactivetenanciesbymanagingid';
const RECEIVE = 'POST /api/pmMoneyTransactions/rentreciept';
const ledgers = [
  { LedgerId: 1, LedgerName: 'Deposit', TotalReceived: 0, BroughtForward: 0, Receipts: 0, PaidOut: 0, Balance: 0 },
  { LedgerId: 2, LedgerName: 'Rent', TotalReceived: 0, BroughtForward: 0, Receipts: 0, PaidOut: 0, Balance: 0 },
];
const found = (tenancy = tenancyFixture) => () =>
  new Response(JSON.stringify([tenancy]), { status: 200, headers: { 'x-total-count': '1' } });
const receipt = (n: number) => ({ message: 'Payment made successfully', receiptNo: `RCT-${n}`, TransactionId: n, RentBalance: 0 });

function renderForm() {
  return renderWithProviders(
    <>
      <Notifications />
      <ReceivePaymentForm managingAgentId={40} />
    </>,
    { path: '/propertymanagement/:space/PMMoneyTransactions/rct', initialEntries: ['/propertymanagement/agency/PMMoneyTransactions/rct'], session: agencyOwnerSession },
  );
}

type User = ReturnType<typeof userEvent.setup>;
const validateButton = () => screen.getByRole('button', { name: 'Validate' });
const submitButton = () => screen.getByRole('button', { name: 'Receive payment' });

async function selectTenancy(user: User, id = '9') {
  await user.type(screen.getByLabelText('Tenancy ID'), id);
  await user.click(validateButton());
  await screen.findByLabelText('Selected tenancy');
}

async function fill(user: User, amount = '1500') {
  await user.click(screen.getByRole('combobox', { name: 'Ledger' }));
  await user.click(await screen.findByRole('option', { name: 'Rent' }));
  await user.type(screen.getByLabelText('PaymentDetails'), 'Cash at office');
  await user.type(screen.getByLabelText('PaymentAmount'), amount);
}

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

// Typing through user-event is slow in jsdom; each story types a whole form.
describe('ReceivePaymentForm', { timeout: 20_000 }, () => {
  it('keeps Validate disabled while empty and once a tenancy is selected, with the lookup messages', async () => {
    const user = userEvent.setup();
    let answer = () => json(200, []);
    const api = mockApi({ [LEDGERS]: () => json(200, ledgers), [ACTIVE]: () => answer() });
    renderForm();
    expect(validateButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(validateButton());
    expect(await screen.findByText('Enter tenancy ID')).toBeInTheDocument();
    expect(api.bodiesOf(ACTIVE)).toHaveLength(0);

    await user.type(screen.getByLabelText('Tenancy ID'), '9x');
    expect(screen.getByLabelText('Tenancy ID')).toHaveValue('9');
    expect(validateButton()).toHaveAttribute('aria-disabled', 'false');
    await user.tab();
    expect(await screen.findByText('Validate to search tenancy')).toBeInTheDocument();

    await user.click(validateButton());
    expect(await screen.findByText('Tenancy not found')).toBeInTheDocument();
    const url = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    expect(url.searchParams.get('tenancyId')).toBe('9');
    expect(url.searchParams.get('managingAgentId')).toBe('40');

    answer = found();
    await user.click(validateButton());
    const summary = await screen.findByLabelText('Selected tenancy');
    expect(summary).toHaveTextContent('Achieng Otieno');
    expect(validateButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it("says 'Select tenancy to pay' and posts nothing without a tenancy", async () => {
    const user = userEvent.setup();
    const api = mockApi({ [LEDGERS]: () => json(200, ledgers) });
    renderForm();
    await fill(user);
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    expect(await screen.findByText('Select tenancy to pay')).toBeInTheDocument();
    expect(api.bodiesOf(RECEIVE)).toHaveLength(0);
  });

  it('checks the fields once a tenancy is selected', async () => {
    const user = userEvent.setup();
    mockApi({ [LEDGERS]: () => json(200, ledgers), [ACTIVE]: found() });
    renderForm();
    await selectTenancy(user);
    await user.type(screen.getByLabelText('PaymentAmount'), '0');
    await user.click(submitButton());
    expect(await screen.findByText('Select ledger name')).toBeInTheDocument();
    expect(screen.getByText('PaymentDetails is required')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount above zero')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('PaymentAmount'));
    expect(await screen.findByText('PaymentAmount is required')).toBeInTheDocument();
  });

  it('lets a tenancy of another managing agent only be viewed', async () => {
    const user = userEvent.setup();
    const api = mockApi({ [LEDGERS]: () => json(200, ledgers), [ACTIVE]: found({ ...tenancyFixture, managingAgentId: 77 }) });
    renderForm();
    await selectTenancy(user);
    expect(screen.getAllByText('Selected tenancy can only be viewed').length).toBeGreaterThan(0);
    await fill(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Selected tenancy can only be viewed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf(RECEIVE)).toHaveLength(0);
  });

  it('confirms, posts once on a double click, then clears the form and starts a new key', async () => {
    const user = userEvent.setup();
    let n = 100;
    let release: () => void = () => {};
    const api = mockApi({
      [LEDGERS]: () => json(200, ledgers),
      [ACTIVE]: found(),
      [RECEIVE]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, receipt(++n)));
        }),
    });
    renderForm();
    await selectTenancy(user);
    await fill(user, '15000.5');
    await user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: 'Make Rent payment?' });
    expect(dialog).toHaveTextContent('Receive Ksh 15,000.50 from Achieng Otieno');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.bodiesOf(RECEIVE)).toHaveLength(1));
    release();
    expect(await screen.findByText('Payment made successfully')).toBeInTheDocument();
    expect(screen.getByText('Receipt RCT-101')).toBeInTheDocument();
    expect(api.bodiesOf(RECEIVE)).toHaveLength(1);
    const first = api.bodiesOf(RECEIVE)[0] as Record<string, unknown>;
    expect(first).toMatchObject({
      tenancyID: 9,
      paymentdetails: 'Cash at office',
      RecievedAmount: '15000.5',
      managingAgentId: 40,
      ledgerName: 'Rent',
      updatedBy: 7,
    });

    // Cleared: no tenancy, empty fields.
    await waitFor(() => expect(screen.queryByLabelText('Selected tenancy')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Tenancy ID')).toHaveValue('');
    expect(screen.getByLabelText('PaymentDetails')).toHaveValue('');
    expect(screen.getByLabelText('PaymentAmount')).toHaveValue('');

    await selectTenancy(user);
    await fill(user, '100');
    await user.click(submitButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Make Rent payment?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.bodiesOf(RECEIVE)).toHaveLength(2));
    const second = api.bodiesOf(RECEIVE)[1] as Record<string, unknown>;
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('retries a failed payment with the same key and shows the failure as a toast', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = mockApi({
      [LEDGERS]: () => json(200, ledgers),
      [ACTIVE]: found(),
      [RECEIVE]: () => (fail ? offline() : json(200, receipt(7))),
    });
    renderForm();
    await selectTenancy(user);
    await fill(user);
    await user.click(submitButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Make Rent payment?' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByLabelText('Selected tenancy')).toBeInTheDocument();

    fail = false;
    await user.click(submitButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Make Rent payment?' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Payment made successfully')).toBeInTheDocument();
    const [a, b] = api.bodiesOf(RECEIVE) as { idempotencyKey: string }[];
    expect(a!.idempotencyKey).toBe(b!.idempotencyKey);
    expect(a!.idempotencyKey.length).toBeGreaterThanOrEqual(8);
  });
});
