import { describe, expect, it } from 'vitest';
import { invoiceMessage } from './invoices';

const figures = {
  agency: 'Baraka Homes',
  months: ['2027-02-01', '2027-03-01'],
  lines: [
    { kind: null, cents: 2_000_000 },
    { kind: 'Service charge', cents: 300_000 },
  ],
  totalCents: 2_550_000,
  paybill: '174379',
  account: '12',
};

describe('an invoice to a tenant', () => {
  it('lists what was owed before, each kind the run charged, the total due and where to pay, in English', () => {
    expect(invoiceMessage('en', figures)).toEqual({
      subject: 'Baraka Homes: invoice for February 2027 and March 2027',
      text:
        'Baraka Homes: invoice for February 2027 and March 2027. Earlier balance Ksh 2,500.00; Rent Ksh 20,000.00; ' +
        'Service charge Ksh 3,000.00. Total due Ksh 25,500.00. Pay to paybill 174379, account 12.',
    });
  });

  it('in Kiswahili, with a credit before the run and no paybill set up', () => {
    const { text } = invoiceMessage('sw', { ...figures, months: ['2027-03-01'], totalCents: 2_200_000, paybill: null });
    expect(text).toBe(
      'Baraka Homes: ankara ya Machi 2027. Salio la awali Ziada ya Ksh 1,000.00 (hakuna deni); Kodi Ksh 20,000.00; ' +
        'Service charge Ksh 3,000.00. Jumla: Ksh 22,000.00.',
    );
  });

  it('writes a total in credit as a credit, and no earlier line when nothing was owed', () => {
    const { text } = invoiceMessage('en', { ...figures, lines: [{ kind: null, cents: 100_000 }], totalCents: 100_000 });
    expect(text).toContain('invoice for February 2027 and March 2027. Rent Ksh 1,000.00. Total due Ksh 1,000.00.');
    const credit = invoiceMessage('en', { ...figures, lines: [{ kind: null, cents: 100_000 }], totalCents: -50_000 }).text;
    expect(credit).toContain('Earlier balance Ksh 1,500.00 in credit; Rent Ksh 1,000.00. Total due Ksh 500.00 in credit.');
  });
});
