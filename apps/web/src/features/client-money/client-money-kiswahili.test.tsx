import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { ReconcileForm } from './reconcile-form';

inKiswahili();

const books = {
  Received: 30000,
  BroughtForward: 0,
  PaidOut: 0,
  FeesTransferred: 0,
  Held: 30000,
  OwedToLandlords: 18000,
  DepositsHeld: 0,
  TenantCredits: 10000,
  PassThroughPayable: 0,
  TaxPayable: 0,
  CommissionNotTaken: 2000,
  Difference: 0,
};

describe('a day’s client-money reconciliation, in Kiswahili', { timeout: 20_000 }, () => {
  it('sets each account’s statement balance beside the books, shows what is unexplained, and sends it once with its form key', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/client-money/accounts': () => json(200, [{ AccountId: 3, Name: 'KCB', Kind: 'bank', Number: '1100', Active: true }]),
      'GET /api/client-money/books': () => json(200, { Day: '2026-06-30', Books: books }),
      'POST /api/client-money/reconciliation': () => json(200, { message: 'Reconciliation recorded', ReconId: 9 }),
    });
    renderOfficePage(<ReconcileForm managingAgentId={12} />, 'landlord-money/client-money');
    const form = await screen.findByRole('region', { name: 'Linganisha' });
    expect(await within(form).findByText('Ksh 30,000.00')).toBeInTheDocument();
    await user.type(await within(form).findByLabelText('KCB: salio la taarifa (Ksh)'), '29950');
    expect(within(form).getByRole('status')).toHaveTextContent('Tofauti isiyoelezwa: Ksh 50.00');
    await user.click(within(form).getByRole('button', { name: 'Ongeza kipengele' }));
    await user.type(within(form).getByLabelText('Kiasi (Ksh)'), '50');
    await user.type(within(form).getByLabelText('Maelezo'), 'Cheque');
    expect(within(form).getByRole('status')).toHaveTextContent('Kila shilingi imeelezwa');
    expect(englishOn()).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Rekodi ulinganisho' }));
    expect(await within(form).findByText('Ulinganisho umerekodiwa')).toBeInTheDocument();
    const [sent] = api.bodiesOf('POST /api/client-money/reconciliation') as Record<string, unknown>[];
    expect(sent).toMatchObject({
      managingAgentId: 12,
      Balances: [{ AccountId: 3, Balance: '29950' }],
      Items: [{ Kind: 'uncleared_deposit', AccountId: null, Amount: '50', Note: 'Cheque' }],
    });
    expect(String(sent!.idempotencyKey)).toMatch(/^recon-/);
  });
});
