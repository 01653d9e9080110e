import { Notifications, notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { agencyOwnerSession } from '../../testing/pm-session';
import { renderWithProviders } from '../../testing/render';
import { CheckCodeCard, PullNowCard } from './pull-and-check';

const STATE = 'GET /api/mpesa/pull';
const PULL = 'POST /api/mpesa/pull';
const REGISTER = 'POST /api/mpesa/pull/register';
const ASK = 'POST /api/mpesa/statuschecks';
const ONE = 'GET /api/mpesa/statuschecks/one';

function render(ui: React.ReactNode) {
  return renderWithProviders(
    <>
      <Notifications />
      {ui}
    </>,
    { path: '/propertymanagement/:space/mpesa', initialEntries: ['/propertymanagement/agency/mpesa'], session: agencyOwnerSession },
  );
}

const view = (over: Record<string, unknown>) => ({
  checkId: 5,
  code: 'QK12AB34CD',
  status: 'pending',
  amount: null,
  account: null,
  completedAt: null,
  reason: null,
  receiptNo: null,
  unmatched: false,
  requestedAt: '2026-11-21T09:00:00.000Z',
  ...over,
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('Pull now', { timeout: 20_000 }, () => {
  it('shows when it last pulled, pulls on demand and says what it found', async () => {
    const user = userEvent.setup();
    let state = { registered: true, lastPulledAt: '2026-11-21T06:00:00.000Z', pulledUntil: '2026-11-21T06:00:00.000Z', lastError: null };
    const api = mockApi({
      [STATE]: () => json(200, state),
      [PULL]: () => {
        state = { ...state, lastPulledAt: '2026-11-21T09:00:00.000Z', pulledUntil: '2026-11-21T09:00:00.000Z' };
        return json(200, { listed: 4, posted: 1, unmatched: 1, alreadyRecorded: 2, state });
      },
    });
    render(<PullNowCard managingAgentId={40} />);
    expect(await screen.findByTestId('pull-last')).toHaveTextContent(/Last pulled 21\/11\/2026 06:00/);
    await user.click(screen.getByRole('button', { name: 'Pull now' }));
    expect(await screen.findByText('Safaricom listed 4: 1 posted, 1 to the unmatched queue, 2 already recorded.')).toBeInTheDocument();
    expect(api.bodiesOf(PULL)).toEqual([{ managingAgentId: 40 }]);
    expect(await screen.findByTestId('pull-last')).toHaveTextContent(/Last pulled 21\/11\/2026 09:00/);
  });

  it("shows Safaricom's refusal and the last error", async () => {
    const user = userEvent.setup();
    mockApi({
      [STATE]: () => json(200, { registered: true, lastPulledAt: null, pulledUntil: null, lastError: 'System is busy' }),
      [PULL]: () => json(502, { message: 'Safaricom did not answer the pull. Try again in a few minutes.' }),
    });
    render(<PullNowCard managingAgentId={40} />);
    expect(await screen.findByText('Not pulled yet.')).toBeInTheDocument();
    expect(screen.getByText('The last pull failed: System is busy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pull now' }));
    expect(await screen.findByText('Safaricom did not answer the pull. Try again in a few minutes.')).toBeInTheDocument();
  });

  it('lets an admin register the paybill before any pull', async () => {
    const user = userEvent.setup();
    let registered = false;
    const api = mockApi({
      [STATE]: () => json(200, { registered, lastPulledAt: null, pulledUntil: null, lastError: null }),
      [REGISTER]: () => ((registered = true), json(200, { registered, lastPulledAt: null, pulledUntil: null, lastError: null })),
    });
    render(<PullNowCard managingAgentId={40} />);
    expect(await screen.findByText('The paybill is not registered for Pull Transactions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pull now' })).toBeNull();
    await user.type(screen.getByLabelText("Agency's M-Pesa phone number"), '0722000000');
    await user.click(screen.getByRole('button', { name: 'Register for Pull Transactions' }));
    expect(await screen.findByRole('button', { name: 'Pull now' })).toBeInTheDocument();
    expect(api.bodiesOf(REGISTER)).toEqual([{ managingAgentId: 40, nominatedNumber: '0722000000' }]);
  });
});

describe('Check an M-Pesa code', { timeout: 20_000 }, () => {
  it('shows pending, then what Safaricom says: amount, account, and what the books hold', async () => {
    const user = userEvent.setup();
    let answer = view({});
    const api = mockApi({
      [ASK]: () => json(200, view({})),
      [ONE]: () => json(200, answer),
    });
    render(<CheckCodeCard managingAgentId={40} />);
    await user.type(screen.getByLabelText('M-Pesa code'), 'qk12ab34cd');
    await user.click(screen.getByRole('button', { name: 'Ask Safaricom' }));
    expect(await screen.findByText('Asked Safaricom about QK12AB34CD: waiting for its answer…')).toBeInTheDocument();
    expect(api.bodiesOf(ASK)).toEqual([{ managingAgentId: 40, code: 'qk12ab34cd' }]);
    answer = view({ status: 'found', amount: 4500, account: 'A4', completedAt: '2026-11-21T08:00:00.000Z' });
    expect(await screen.findByText('Safaricom has QK12AB34CD: Ksh 4,500.00, paid 21/11/2026 08:00.', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText('Account number typed: A4')).toBeInTheDocument();
    expect(screen.getByText('Not in the books yet: Pull now posts it if it came in the last 48 hours.')).toBeInTheDocument();
  });

  it("says when Safaricom does not have the code, in its words", async () => {
    const user = userEvent.setup();
    mockApi({ [ASK]: () => json(200, view({ status: 'notFound', reason: 'The transaction receipt number does not exist' })) });
    render(<CheckCodeCard managingAgentId={40} />);
    await user.type(screen.getByLabelText('M-Pesa code'), 'QK00000000');
    await user.click(screen.getByRole('button', { name: 'Ask Safaricom' }));
    expect(await screen.findByText('Safaricom does not have QK12AB34CD: The transaction receipt number does not exist')).toBeInTheDocument();
  });

  it('shows a refusal (no initiator set) and no answer', async () => {
    const user = userEvent.setup();
    mockApi({ [ASK]: () => json(409, { message: 'Set up the Daraja app (Pay now settings) first' }) });
    render(<CheckCodeCard managingAgentId={40} />);
    await user.type(screen.getByLabelText('M-Pesa code'), 'QK00000000');
    await user.click(screen.getByRole('button', { name: 'Ask Safaricom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Set up the Daraja app (Pay now settings) first');
  });
});
