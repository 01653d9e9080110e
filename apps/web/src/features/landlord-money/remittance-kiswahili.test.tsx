import { MONEY_OUT_MESSAGES } from '@makazi/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { RemittanceRun } from './remittance-run';

inKiswahili();

describe('the remittance run in Kiswahili', { timeout: 20_000 }, () => {
  it("says a refused payout's reason in Kiswahili, its amounts and the landlord's name kept", async () => {
    mockApi({
      'GET /api/landlord-money/mpesa-payouts': () => json(200, []),
      'GET /api/landlord-money/remittance': () =>
        json(200, [{ LandlordNo: 31, Landlord_name: 'Achieng Otieno', Amount: 5000, RemittanceDay: 5, PayoutMethod: 'mpesa', PayoutDetails: '0712345678' }]),
      'POST /api/landlord-money/remittance': () =>
        // An English server (or one that did not read Accept-Language) still reaches the reader in Kiswahili.
        json(200, [{ LandlordNo: 31, Landlord_name: 'Achieng Otieno', Status: 'refused', PayoutId: null, message: MONEY_OUT_MESSAGES.overBalance(500000, 120000, 'Achieng Otieno') }]),
    });
    renderOfficePage(<RemittanceRun managingAgentId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: /Ksh 5,000.00/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rekodi malipo 1 ya Ksh 5,000.00' }));
    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent('Malipo ya Ksh 5,000.00 ni zaidi ya Ksh 1,200.00 anazodai Achieng Otieno');
    expect(outcome).not.toHaveTextContent('is more than');
    expect(englishOn()).toEqual([]);
  });

  it('asks to confirm the count and total, sends each reference typed, and names each landlord with their advice PDF', async () => {
    const api = mockApi({
      'GET /api/landlord-money/mpesa-payouts': () => json(200, []),
      'GET /api/landlord-money/remittance': () =>
        json(200, [
          { LandlordNo: 31, Landlord_name: 'Achieng Otieno', Amount: 5000, RemittanceDay: 5, PayoutMethod: 'mpesa', PayoutDetails: '0712345678' },
          { LandlordNo: 1007, Landlord_name: 'Baraka Mwangi', Amount: 2500.5, RemittanceDay: 5, PayoutMethod: 'bank', PayoutDetails: 'KCB 123' },
        ]),
      'POST /api/landlord-money/remittance': () =>
        json(200, [
          { LandlordNo: 31, Landlord_name: 'Achieng Otieno', Status: 'paid', PayoutId: 7, message: MONEY_OUT_MESSAGES.payoutRecorded },
          { LandlordNo: 1007, Landlord_name: 'Baraka Mwangi', Status: 'paid', PayoutId: 8, message: MONEY_OUT_MESSAGES.payoutRecorded },
        ]),
    });
    renderOfficePage(<RemittanceRun managingAgentId={1} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Kumbukumbu ya M-Pesa au benki ya Achieng Otieno' }), 'QK7PLM2XYZ');
    await userEvent.click(screen.getByRole('button', { name: /Ksh 7,500.50/ }));
    expect(api.bodiesOf('POST /api/landlord-money/remittance')).toEqual([]);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Rekodi malipo 2, jumla Ksh 7,500.50?');
    await userEvent.click(screen.getByRole('button', { name: 'Rekodi malipo 2 ya Ksh 7,500.50' }));
    const outcome = await screen.findByRole('status');
    expect(api.bodiesOf('POST /api/landlord-money/remittance')).toEqual([
      expect.objectContaining({
        Payouts: [
          { LandlordNo: 31, Amount: 5000, Reference: 'QK7PLM2XYZ' },
          { LandlordNo: 1007, Amount: 2500.5, Reference: '' },
        ],
      }),
    ]);
    expect(outcome).toHaveTextContent('imelipwa: Achieng Otieno');
    expect(outcome).toHaveTextContent('imelipwa: Baraka Mwangi');
    expect(outcome).not.toHaveTextContent('1007');
    expect(screen.getByRole('button', { name: 'Hati ya malipo (PDF) ya Baraka Mwangi' })).toBeInTheDocument();
    expect(englishOn()).toEqual([]);
  });
});
