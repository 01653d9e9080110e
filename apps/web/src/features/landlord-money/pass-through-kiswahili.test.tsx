import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { PassThroughView } from './pass-through-view';

inKiswahili();

const owed = {
  PropId: 3,
  Property_name: 'Tumaini Court',
  LandlordNo: 7,
  Landlord_name: 'Omondi Otieno',
  Charge: 'charge:9',
  Charge_name: 'Taka za kaunti',
  Collected: 300,
  PaidOnward: 0,
  Owed: 300,
};

describe('pass-through money paid onward, in Kiswahili', { timeout: 20_000 }, () => {
  it('lists what is owed onward, stops more than is owed, and sends the payment once with its form key', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/landlord-money/pass-through': () => json(200, [owed, { ...owed, Charge: 'water', Charge_name: null, Collected: 1200, Owed: 1200 }]),
      'GET /api/landlord-money/pass-through/payments': () => json(200, []),
      'POST /api/landlord-money/pass-through/payment': () => json(200, { message: 'Payment onward recorded', PaymentId: 4 }),
    });
    renderOfficePage(<PassThroughView managingAgentId={12} />, 'landlord-money/pass-through');
    const table = await screen.findByRole('table', { name: 'Zinazodaiwa na wahusika' });
    expect(within(table).getByRole('row', { name: /Maji/ })).toHaveTextContent('Ksh 1,200.00');
    expect(screen.getByText('Bado hakuna malipo kwa mhusika yaliyorekodiwa.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lipa kwa mhusika: Taka za kaunti, jengo Tumaini Court' }));
    const form = screen.getByRole('region', { name: 'Lipa kwa mhusika: Taka za kaunti, jengo Tumaini Court' });
    const amount = within(form).getByLabelText('Kiasi (Ksh)');
    expect(amount).toHaveValue('300');
    await user.clear(amount);
    await user.type(amount, '300.01');
    expect(within(form).getByText('Kinachodaiwa na mhusika kwa tozo hii ni Ksh 300.00 tu')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Rekodi malipo' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '300');
    await user.type(within(form).getByLabelText('Aliyelipwa'), 'Kileleshwa Waste Ltd');
    expect(englishOn()).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Rekodi malipo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Malipo kwa mhusika yamerekodiwa');
    expect(form).not.toBeInTheDocument();
    const [sent] = api.bodiesOf('POST /api/landlord-money/pass-through/payment') as Record<string, unknown>[];
    expect(sent).toMatchObject({ managingAgentId: 12, PropId: 3, Charge: 'charge:9', Payee: 'Kileleshwa Waste Ltd', Amount: '300', Method: 'bank' });
    expect(String(sent!.idempotencyKey)).toMatch(/^onward-/);
  });

  it('reverses a payment onward only with a reason, and sends that reason', async () => {
    const user = userEvent.setup();
    const payment = {
      PaymentId: 4,
      PropId: 3,
      Property_name: 'Tumaini Court',
      LandlordNo: 7,
      Charge: 'charge:9',
      Charge_name: 'Taka za kaunti',
      Payee: 'Kileleshwa Waste Ltd',
      PaidOn: '2026-06-12',
      Amount: 300,
      Method: 'bank',
      Reference: '',
      Note: '',
      Status: 'paid',
      ReversalReason: null,
    };
    const api = mockApi({
      'GET /api/landlord-money/pass-through': () => json(200, []),
      'GET /api/landlord-money/pass-through/payments': () => json(200, [payment]),
      'POST /api/landlord-money/pass-through/payment/reverse': () => json(200, { message: 'Payment onward reversed' }),
    });
    renderOfficePage(<PassThroughView managingAgentId={12} />, 'landlord-money/pass-through');
    await user.click(await screen.findByRole('button', { name: 'Batilisha malipo kwa Kileleshwa Waste Ltd ya Ksh 300.00' }));
    const submit = screen.getByRole('button', { name: 'Batilisha malipo' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Sababu'), '  ');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Sababu'), 'Paid twice');
    await user.click(submit);
    expect(api.bodiesOf('POST /api/landlord-money/pass-through/payment/reverse')).toEqual([
      { managingAgentId: 12, PaymentId: 4, reason: '  Paid twice' },
    ]);
    expect(await screen.findByRole('button', { name: 'Batilisha malipo kwa Kileleshwa Waste Ltd ya Ksh 300.00' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Sababu')).not.toBeInTheDocument();
  });
});
