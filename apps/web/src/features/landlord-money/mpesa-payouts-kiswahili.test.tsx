import { MONEY_OUT_MESSAGES } from '@makazi/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { RemittanceRun } from './remittance-run';

inKiswahili();

const sent = (over: Record<string, unknown>) => ({
  LandlordNo: 31,
  Landlord_name: 'Achieng Otieno',
  Amount: 18000,
  Command: 'BusinessPayment',
  PartyB: '254711222333',
  AccountReference: '',
  TransactionId: null,
  PayoutId: null,
  RequestedAt: '2026-11-27T09:00:00.000Z',
  ...over,
});

describe('payouts through M-Pesa in Kiswahili', { timeout: 20_000 }, () => {
  it('sends the confirmed count and total, says a payout went to M-Pesa, and lists each with its state, reason and advice', async () => {
    const api = mockApi({
      'GET /api/landlord-money/remittance': () =>
        json(200, [{ LandlordNo: 31, Landlord_name: 'Achieng Otieno', Amount: 18000, RemittanceDay: 5, PayoutMethod: 'mpesa', PayoutDetails: '0711222333' }]),
      'POST /api/landlord-money/remittance': () =>
        json(200, [{ LandlordNo: 31, Landlord_name: 'Achieng Otieno', Status: 'pending', PayoutId: null, message: MONEY_OUT_MESSAGES.sentToMpesa }]),
      'GET /api/landlord-money/mpesa-payouts': () =>
        json(200, [
          sent({ RequestId: 3, Status: 'pending', message: 'Tunasubiri M-Pesa ithibitishe.' }),
          sent({ RequestId: 2, Status: 'paid', TransactionId: 'TKR4B2C001', PayoutId: 7, message: 'Imelipwa kwa M-Pesa.' }),
          sent({
            RequestId: 1,
            Status: 'failed',
            Command: 'BusinessPayBill',
            PartyB: '247247',
            AccountReference: '0170291234567',
            message: 'Akaunti ya M-Pesa ya wakala haikuwa na pesa za kutosha kwa malipo haya.',
          }),
        ]),
    });
    renderOfficePage(<RemittanceRun managingAgentId={1} />);
    const list = await screen.findByRole('table', { name: 'Malipo ya M-Pesa' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('yametumwa, yanasubiri M-Pesa');
    expect(rows[1]).toHaveTextContent('yamelipwaTKR4B2C001');
    expect(within(rows[1]!).getByRole('button', { name: 'Hati ya malipo (PDF) ya Achieng Otieno' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('hayakulipwa');
    expect(rows[2]).toHaveTextContent('247247 0170291234567');
    expect(rows[2]).toHaveTextContent('haikuwa na pesa za kutosha');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Ksh 18,000.00/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rekodi malipo 1 ya Ksh 18,000.00' }));
    const outcome = await screen.findByRole('status');
    expect(api.bodiesOf('POST /api/landlord-money/remittance')).toEqual([expect.objectContaining({ ConfirmCount: 1, ConfirmTotal: 1800000 })]);
    expect(outcome).toHaveTextContent('imetumwa kwa M-Pesa: Achieng Otieno (Imetumwa kwa M-Pesa: malipo yanarekodiwa Safaricom ikithibitisha)');
    expect(englishOn()).toEqual([]);
  });
});
