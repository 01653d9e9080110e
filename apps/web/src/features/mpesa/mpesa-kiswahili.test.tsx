import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { DarajaSettingsCard } from './daraja-settings';
import { PaybillSettings } from './paybill-settings';
import { ReconciliationView } from './reconciliation-view';
import { StatementImport } from './statement-import';
import { UnmatchedQueue } from './unmatched-queue';

inKiswahili();

describe('the M-Pesa screens in Kiswahili', { timeout: 20_000 }, () => {
  it('the unmatched queue: headings, the row, assigning and its notice, no English left', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/mpesa/unmatched': () =>
        json(200, [
          {
            PaymentId: 7,
            TransID: 'SCB1',
            TransTime: '20250105093000',
            Amount: 1999.5,
            AccountNumber: 'flat 9',
            Phone: '2547 ***** 126',
            Name: 'JOHN DOE',
            Source: 'callback',
          },
        ]),
      'POST /api/mpesa/unmatched/assign': () =>
        json(200, { message: 'Payment made successfully', receiptNo: 'RCT-000009', TransactionId: 9, RentBalance: 0 }),
    });
    renderOfficePage(<UnmatchedQueue managingAgentId={40} />, 'mpesa');
    // At phone width each payment is a card.
    const row = await screen.findByRole('article', { name: 'Malipo SCB1' });
    expect(row).toHaveTextContent('Nambari ya akaunti iliyoandikwa: flat 9');
    expect(row).toHaveTextContent('Ksh 1,999.50');
    expect(row).toHaveTextContent('05/01/2025 09:30');
    expect(englishOn()).toEqual([]);
    await user.type(within(row).getByLabelText('Nambari ya Upangaji'), '5012');
    await user.click(within(row).getByRole('button', { name: 'Panga' }));
    expect(await screen.findByText(/: RCT-000009$/)).not.toHaveTextContent('Payment made successfully');
    expect(englishOn()).toEqual([]);
  });

  it('the paybill and Pay now settings, with the callback URLs, no English left', async () => {
    mockApi({
      'GET /api/mpesa/paybill': () =>
        json(200, {
          configured: true,
          shortcode: '600999',
          strictValidation: false,
          allowedIps: '',
          ledgerName: 'Mpesa',
          validationPath: '/api/mpesa/c2b/abc/validation',
          confirmationPath: '/api/mpesa/c2b/abc/confirmation',
        }),
      'GET /api/mpesa/daraja': () =>
        json(200, {
          configured: true,
          shortcode: '174379',
          callbackPath: '/api/daraja/stk/xyz',
          updatedAt: '2026-11-02T08:00:00.000Z',
          initiator: false,
        }),
    });
    renderOfficePage(
      <>
        <PaybillSettings managingAgentId={40} />
        <DarajaSettingsCard managingAgentId={40} />
      </>,
      'mpesa',
    );
    expect(await screen.findByLabelText('Nambari ya Paybill')).toHaveValue('600999');
    expect(await screen.findByText(/Imewekwa kwa shortcode 174379/)).toBeInTheDocument();
    expect(screen.getByLabelText('URL za callback')).toHaveTextContent('leja ya Mpesa');
    expect(englishOn()).toEqual([]);
  });

  it('reconciliation names each difference in Kiswahili, what the office typed as typed', async () => {
    mockApi({
      'GET /api/mpesa/reconciliation': () =>
        json(200, {
          Received: 3000,
          Posted: 1000,
          Difference: 2000,
          Matched: 1,
          Unmatched: 1,
          NotRent: 1,
          Rejected: 0,
          Differences: [
            { TransID: 'SCB2', TransTime: '20250105093000', Amount: 1000, Posted: 0, Status: 'unmatched', Note: '' },
            { TransID: 'SCB3', TransTime: '20250105093000', Amount: 1000, Posted: 0, Status: 'not_rent', Note: 'Water bill' },
          ],
        }),
    });
    renderOfficePage(<ReconciliationView managingAgentId={40} />, 'mpesa');
    const table = await screen.findByRole('table', { name: 'Tofauti' });
    expect(within(table).getByRole('row', { name: /SCB3/ })).toHaveTextContent('si kodi: Water bill');
    expect(within(table).getByRole('row', { name: /SCB2/ })).toHaveTextContent('hayajalingana');
    expect(englishOn()).toEqual([]);
  });

  it('statement import: the preview, its problems and the result, counted in Kiswahili', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/mpesa/statement/preview': () =>
        json(200, {
          Matched: 1,
          Unmatched: 1,
          AlreadyRecorded: 0,
          MatchedAmount: 1000,
          UnmatchedAmount: 500,
          Skipped: 2,
          Problems: [{ line: 9, receiptNo: 'BAD', reason: 'Receipt No. is not an M-Pesa code' }],
          Rows: [
            { TransID: 'SCB4', TransTime: '20250105093000', Amount: 1000, AccountNumber: '12', Name: 'JANE', Outcome: 'matched', TenancyId: 12 },
            { TransID: 'SCB5', TransTime: '20250105093000', Amount: 500, AccountNumber: 'x', Name: 'JOHN', Outcome: 'unmatched', TenancyId: null },
          ],
        }),
      'POST /api/mpesa/statement/import': () =>
        json(200, { Posted: 1, Unmatched: 1, AlreadyRecorded: 0, Skipped: 2, Problems: 1 }),
    });
    const { container } = renderOfficePage(<StatementImport managingAgentId={40} />, 'mpesa');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Receipt No.\nSCB4'], 'statement.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Hakiki' }));
    const preview = await screen.findByLabelText('Uhakiki');
    expect(preview).toHaveTextContent('Mstari 9 BAD: Receipt No. si msimbo wa M-Pesa');
    expect(within(preview).getByRole('article', { name: 'Malipo SCB4' })).toHaveTextContent('Matokeo: upangaji 12');
    expect(englishOn()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Ingiza malipo 2' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Risiti 1 imewekwa; malipo 1 yanasubiri');
    expect(englishOn()).toEqual([]);
  });
});
