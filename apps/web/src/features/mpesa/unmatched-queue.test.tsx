import { Notifications, notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { agencyOwnerSession } from '../../testing/pm-session';
import { renderWithProviders } from '../../testing/render';
import { setWideScreen } from '../../testing/screen-width';
import { UnmatchedQueue } from './unmatched-queue';

const LIST = 'GET /api/mpesa/unmatched';
const ASSIGN = 'POST /api/mpesa/unmatched/assign';
const NOT_RENT = 'POST /api/mpesa/unmatched/notrent';
const payment = (id: number, transId: string) => ({
  PaymentId: id,
  TransID: transId,
  TransTime: '20250105093000',
  Amount: 1999.5,
  AccountNumber: 'flat 9',
  Phone: '2547 ***** 126',
  Name: 'JOHN DOE',
  Source: 'callback',
});

function renderQueue() {
  return renderWithProviders(
    <>
      <Notifications />
      <UnmatchedQueue managingAgentId={40} />
    </>,
    {
      path: '/propertymanagement/:space/mpesa',
      initialEntries: ['/propertymanagement/agency/mpesa'],
      session: agencyOwnerSession,
    },
  );
}

afterEach(() => {
  setWideScreen(false);
  notifications.clean();
  vi.unstubAllGlobals();
});

// A table row on a wide screen; on a phone a card, with Assign on it (issue 19, point 10).
const WIDTHS = [
  ['a wide screen', true, 'row'],
  ['a phone', false, 'article'],
] as const;

describe.each(WIDTHS)('UnmatchedQueue on %s', { timeout: 20_000 }, (_, wide, role) => {
  it('lists what matched no tenancy and assigns one to the tenancy typed; the queue reloads without it', async () => {
    setWideScreen(wide);
    const user = userEvent.setup();
    let queue = [payment(7, 'SCB1'), payment(8, 'SCB2')];
    const api = mockApi({
      [LIST]: () => json(200, queue),
      [ASSIGN]: () => {
        queue = queue.filter((p) => p.PaymentId !== 7);
        return json(200, {
          message: 'Payment made successfully',
          receiptNo: 'RCT-000009',
          TransactionId: 9,
          RentBalance: 0,
        });
      },
    });
    renderQueue();
    const row = await screen.findByRole(role, { name: 'Payment SCB1' });
    expect(row).toHaveTextContent('05/01/2025 09:30');
    expect(row).toHaveTextContent('Ksh 1,999.50');
    await user.type(within(row).getByLabelText('Tenancy ID'), '5012');
    await user.click(within(row).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Payment made successfully: RCT-000009')).toBeInTheDocument();
    expect(api.bodiesOf(ASSIGN)).toEqual([{ managingAgentId: 40, paymentId: 7, tenancyId: 5012, source: 'mpesa' }]);
    await expect.poll(() => screen.queryByRole(role, { name: 'Payment SCB1' })).toBeNull();
    expect(screen.getByRole(role, { name: 'Payment SCB2' })).toBeInTheDocument();
  });

  it('tells a bank deposit from an M-Pesa payment of the same id: each keeps its own tenancy typed and is assigned as what it is', async () => {
    setWideScreen(wide);
    const user = userEvent.setup();
    const api = mockApi({
      [LIST]: () => json(200, [payment(7, 'SCB1'), { ...payment(7, 'FT25005AAE'), Phone: '', Source: 'bank' }]),
      [ASSIGN]: () => json(200, { message: 'Payment made successfully', receiptNo: 'RCT-000010', TransactionId: 10, RentBalance: 0 }),
    });
    renderQueue();
    const bank = await screen.findByRole(role, { name: 'Payment FT25005AAE' });
    await user.type(within(bank).getByLabelText('Tenancy ID'), '5013');
    expect(within(await screen.findByRole(role, { name: 'Payment SCB1' })).getByLabelText('Tenancy ID')).toHaveValue('');
    await user.click(within(bank).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Payment made successfully: RCT-000010')).toBeInTheDocument();
    expect(api.bodiesOf(ASSIGN)).toEqual([{ managingAgentId: 40, paymentId: 7, tenancyId: 5013, source: 'bank' }]);
  });

  it("shows the server's refusal when a payment was already handled", async () => {
    setWideScreen(wide);
    const user = userEvent.setup();
    mockApi({
      [LIST]: () => json(200, [payment(7, 'SCB1')]),
      [NOT_RENT]: () => json(409, { message: 'This payment has already been assigned or set aside.' }),
    });
    renderQueue();
    const row = await screen.findByRole(role, { name: 'Payment SCB1' });
    await user.type(within(row).getByLabelText('Note'), 'Water bill');
    await user.click(within(row).getByRole('button', { name: 'Not rent' }));
    expect(
      await screen.findByText('This payment has already been assigned or set aside.'),
    ).toBeInTheDocument();
  });
});
