import { CLOSED_MONTH_MESSAGES, type MriLine, type OwnerStatement } from '@makazi/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { MriView } from './mri-view';
import { OwnerStatementView } from './owner-statement-view';

inKiswahili();

const balance = {
  LandlordNo: 7,
  Landlord_name: 'Omondi Otieno',
  KraPin: null,
  Collected: 0,
  Commission: 0,
  TaxWithheld: 0,
  PassedOn: 0,
  PaidOnward: 0,
  Expenses: 0,
  Payouts: 0,
  TaxPaid: 0,
  Balance: 0,
};

const march: OwnerStatement = {
  Agency: 'Tumaini Homes',
  LandlordNo: 7,
  Landlord_name: 'Omondi Otieno',
  KraPin: null,
  Month: '2026-03',
  From: '2026-03-01',
  To: '2026-03-31',
  OpeningBalance: 0,
  BroughtForward: 0,
  Houses: [],
  RentCharged: 0,
  Collected: 0,
  RentCollected: 0,
  ChargesCollected: 0,
  PassedOn: 0,
  Commission: 0,
  Vat: 0,
  VatPin: null,
  TaxWithheld: 0,
  Expenses: [],
  ExpensesTotal: 0,
  Payouts: [],
  PayoutsTotal: 0,
  ClosingBalance: 0,
  PaidOnward: [],
  PaidOnwardTotal: 0,
  OwedOnward: 0,
  FeesTransferred: 0,
  VacantHouses: 0,
  Closed: false,
  IssuedAt: null,
  LateItems: [],
};

const mri: MriLine = {
  LandlordNo: 7,
  Landlord_name: 'Omondi Otieno',
  KraPin: 'A123456789B',
  Month: '2026-03',
  GrossRent: 35000,
  RatePercent: '7.50',
  Tax: 2625,
  Withheld: 2625,
  PaidToKra: 2625,
  DueBy: '2026-04-20',
  PaidOn: '2026-04-10',
  Reference: 'PRN-1',
  AmendmentDue: 1125,
  AmendmentGross: 15000,
  Amendments: [],
};

describe('closed months on the landlord-money screens, in Kiswahili', { timeout: 20_000 }, () => {
  it('closes an ended month from the owner statement, then shows it kept as issued, with late entries naming their month', async () => {
    const user = userEvent.setup();
    let closed = false;
    const api = mockApi({
      'GET /api/landlord-money/balances': () => json(200, [balance]),
      'GET /api/landlord-money/owner-statement': (_body, { url }) =>
        url.includes('month=2026-04')
          ? json(200, {
              ...march,
              Month: '2026-04',
              LateItems: [{ Date: '2026-03-31', Concerns: '2026-03', Kind: 'collection', Details: 'Rent collected', Amount: 12375 }],
            })
          : json(200, closed ? { ...march, Closed: true, IssuedAt: '2026-04-10T09:00:00.000Z' } : march),
      'POST /api/landlord-money/month/close': () => {
        closed = true;
        return json(200, { message: CLOSED_MONTH_MESSAGES.closed('2026-03') });
      },
    });
    renderOfficePage(<OwnerStatementView managingAgentId={12} />, 'landlord-money/statement');
    fireEvent.change(await screen.findByLabelText('Mwezi'), { target: { value: '2026-03' } });
    await user.click(await screen.findByRole('button', { name: 'Funga mwezi huu' }));
    expect(await screen.findByText('Mwezi huu umefungwa: imehifadhiwa kama ilivyotolewa tarehe 10/04/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Funga mwezi huu' })).not.toBeInTheDocument();
    expect(api.bodiesOf('POST /api/landlord-money/month/close')).toEqual([{ managingAgentId: 12, LandlordNo: 7, month: '2026-03' }]);
    expect(englishOn()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Mwezi'), { target: { value: '2026-04' } });
    // A phone's width (the tests' screen): each late entry stacks, its amount on a line of its own.
    const late = within(await screen.findByRole('list', { name: 'Maingizo ya kuchelewa ya miezi iliyofungwa' })).getByRole('listitem');
    expect(late).toHaveTextContent('Machi 2026');
    expect(within(late).getByText('Kiasi').nextSibling).toHaveTextContent('Ksh 12,375.00');
  });

  it('shows a closed month’s amendment due and pays it as an amendment', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/landlord-money/mri': () => json(200, [mri]),
      'POST /api/landlord-money/mri/amendment/payment': () => json(200, { message: CLOSED_MONTH_MESSAGES.amendmentPaid(1, '2026-03', 'Ksh 1,125.00') }),
    });
    renderOfficePage(<MriView managingAgentId={12} />, 'landlord-money/mri');
    expect(await screen.findByText('Marekebisho yanayodaiwa: Ksh 1,125.00')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Kinacholipwa' }));
    await user.click(await screen.findByRole('option', { name: 'Marekebisho ya mwezi uliofungwa' }));
    await user.click(screen.getByRole('combobox', { name: 'Mwenye nyumba' }));
    await user.click(await screen.findByRole('option', { name: 'Omondi Otieno' }));
    await user.type(screen.getByLabelText('Kumbukumbu ya malipo ya KRA'), 'PRN-AMEND');
    await user.click(screen.getByRole('button', { name: 'Rekodi malipo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marekebisho 1 ya MRI ya 2026-03 yamerekodiwa kuwa yamelipwa KRA: Ksh 1,125.00');
    expect(api.bodiesOf('POST /api/landlord-money/mri/amendment/payment')).toEqual([
      expect.objectContaining({ managingAgentId: 12, LandlordNo: 7, Reference: 'PRN-AMEND' }),
    ]);
  });
});
