import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { FeeTransfersView } from './fee-transfers-view';

inKiswahili();

const trust = {
  Received: 30000,
  BroughtForward: 0,
  PaidOut: 0,
  FeesTransferred: 0,
  Held: 30000,
  OwedToLandlords: 27000,
  DepositsHeld: 0,
  TenantCredits: 0,
  PassThroughPayable: 0,
  TaxPayable: 0,
  CommissionNotTaken: 3000,
  Difference: 0,
};

describe('the agency’s fees out of the client account, in Kiswahili', { timeout: 20_000 }, () => {
  it('offers what was earned and not yet taken, stops more, asks for a reference, and sends the transfer once with its form key', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/landlord-money/trust': () => json(200, trust),
      'GET /api/landlord-money/fee-transfers': () => json(200, []),
      'POST /api/landlord-money/fee-transfer': () => json(200, { message: 'Fees transfer recorded', TransferId: 5 }),
    });
    renderOfficePage(<FeeTransfersView managingAgentId={12} />, 'landlord-money/balances');
    expect(await screen.findByText('Bado hakuna ada zilizohamishwa.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Hamisha ada' }));
    const form = screen.getByRole('region', { name: 'Hamisha ada kwenda akaunti ya ofisi' });
    const amount = within(form).getByLabelText('Kiasi (Ksh)');
    expect(amount).toHaveValue('3,000.00');
    await user.clear(amount);
    await user.type(amount, '3000.01');
    await user.click(within(form).getByRole('button', { name: 'Rekodi uhamisho' }));
    expect(await within(form).findByText('Andika kumbukumbu ya uhamisho')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Kumbukumbu (benki au M-Pesa)'), 'EFT-0042');
    await user.click(within(form).getByRole('button', { name: 'Rekodi uhamisho' }));
    expect(await within(form).findByText('Zisizozidi Ksh 3,000.00 ndizo zilizopatikana na bado hazijachukuliwa')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/landlord-money/fee-transfer')).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '1500');
    expect(englishOn()).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Rekodi uhamisho' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Uhamisho wa ada umerekodiwa');
    expect(form).not.toBeInTheDocument();
    const [sent] = api.bodiesOf('POST /api/landlord-money/fee-transfer') as Record<string, unknown>[];
    expect(sent).toMatchObject({ managingAgentId: 12, Amount: '1500', Reference: 'EFT-0042' });
    expect(String(sent!.idempotencyKey)).toMatch(/^fees-/);
  });

  it('lists the transfers with the landlords they were taken from, and reverses one only with a reason', async () => {
    const user = userEvent.setup();
    const transfer = {
      TransferId: 5,
      TransferredOn: '2026-06-30',
      Amount: 1500,
      Reference: 'EFT-0042',
      Note: '',
      Status: 'transferred',
      ReversalReason: null,
      Landlords: [
        { LandlordNo: 7, Landlord_name: 'Omondi Otieno', Amount: 1000 },
        { LandlordNo: 8, Landlord_name: 'Wanjiku Kamau', Amount: 500 },
      ],
    };
    const api = mockApi({
      'GET /api/landlord-money/trust': () => json(200, trust),
      'GET /api/landlord-money/fee-transfers': () => json(200, [transfer]),
      'POST /api/landlord-money/fee-transfer/reverse': () => json(200, { message: 'Fees transfer reversed' }),
    });
    renderOfficePage(<FeeTransfersView managingAgentId={12} />, 'landlord-money/balances');
    const table = await screen.findByRole('table', { name: 'Ada zilizohamishwa' });
    expect(within(table).getByText('Omondi Otieno: Ksh 1,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Batilisha uhamisho wa Ksh 1,500.00 wa 2026-06-30' }));
    const submit = screen.getByRole('button', { name: 'Batilisha uhamisho' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Sababu'), 'Wrong account');
    await user.click(submit);
    expect(api.bodiesOf('POST /api/landlord-money/fee-transfer/reverse')).toEqual([{ managingAgentId: 12, TransferId: 5, reason: 'Wrong account' }]);
    expect(englishOn()).toEqual([]);
  });
});
