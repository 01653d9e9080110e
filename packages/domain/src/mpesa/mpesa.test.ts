import { describe, expect, it } from 'vitest';
import { normalizeAccountReference } from './account-reference';
import { C2BCallback } from './c2b';
import { parseCsv } from '../csv/rfc4180';
import { parseStatement, splitOtherParty } from './statement';
import { formatTransTime, parseCompletionTime, parseTransTime, transTimeText } from './trans-time';

describe('M-Pesa times are East Africa time (UTC+3)', () => {
  it('shows TransTime as the one date format, dd/mm/yyyy, with the Nairobi time', () => {
    expect(transTimeText('20250105093000')).toBe('05/01/2025 09:30');
    expect(transTimeText('not a time')).toBe('not a time');
  });

  it('reads TransTime and spells it back', () => {
    expect(parseTransTime('20250105093000')?.toISOString()).toBe('2025-01-05T06:30:00.000Z');
    expect(parseTransTime('20250101010000')?.toISOString()).toBe('2024-12-31T22:00:00.000Z');
    expect(formatTransTime(new Date('2024-12-31T22:00:00Z'))).toBe('20250101010000');
    for (const bad of [
      '20250231093000',
      '2025010509300',
      '20251305093000',
      'yesterday',
      '202501050930001',
      null,
    ]) {
      expect(parseTransTime(bad)).toBeNull();
    }
  });

  it("reads the statement's Completion Time as the portal and spreadsheets write it", () => {
    const at = '2025-01-05T06:30:00.000Z';
    expect(parseCompletionTime('2025-01-05 09:30:00')?.toISOString()).toBe(at);
    expect(parseCompletionTime('05-01-2025 09:30:00')?.toISOString()).toBe(at);
    expect(parseCompletionTime('5/1/2025 09:30')?.toISOString()).toBe(at);
    expect(parseCompletionTime('2025-02-30 09:30:00')).toBeNull();
  });
});

describe('account numbers', () => {
  it('compare without case or spaces', () => {
    expect(normalizeAccountReference(' 101 - a4 ')).toBe('101-A4');
  });
});

describe('C2B bodies', () => {
  const body = {
    TransID: 'rkl51zdr4f',
    TransTime: '20250105093000',
    TransAmount: '1500.50',
    BusinessShortCode: '600984',
    BillRefNumber: 'A4',
    MSISDN: '2547 ***** 126',
  };
  it('takes amounts with cents as text or number, and masked phones', () => {
    expect(C2BCallback.parse(body)).toMatchObject({
      TransID: 'RKL51ZDR4F',
      TransAmount: 150050,
      MSISDN: '2547 ***** 126',
      FirstName: '',
    });
    expect(C2BCallback.parse({ ...body, TransAmount: 1500.5 }).TransAmount).toBe(150050);
  });
  it('refuses what is not a payment', () => {
    for (const bad of [
      { TransAmount: '0' },
      { TransAmount: '1.005' },
      { TransAmount: '100000000.01' },
      { BusinessShortCode: 'abc' },
      { TransID: 'x' },
    ]) {
      expect(C2BCallback.safeParse({ ...body, ...bad }).success).toBe(false);
    }
  });
});

describe('statement files', () => {
  it('parses quoted CSV with commas, quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","d ""e""\nf"\r\n1,2,3')).toEqual([
      ['a', 'b, c', 'd "e"\nf'],
      ['1', '2', '3'],
    ]);
  });
  it('splits the other party into phone and name', () => {
    expect(splitOtherParty('2547****126 - JOHN DOE')).toEqual({
      msisdn: '2547****126',
      payerName: 'JOHN DOE',
    });
    expect(splitOtherParty('JOHN DOE')).toEqual({ msisdn: '', payerName: 'JOHN DOE' });
  });
  it('finds the header below the account lines and keeps only completed money in', () => {
    const csv = [
      '"Account Holder:","X LTD"',
      '',
      '"A/C No.","Paid In","Receipt No.","Transaction Status","Completion Time","Withdrawn","Other Party Info"',
      '"101-A4","1,000.00","SAA1B2C3D4","Completed","2025-01-05 09:30:00","","2547****126 - JOHN DOE"',
      '"","","SAA2","Completed","2025-01-05 09:31:00","-33.00",""',
      '"A5","500.00","SAA3","Cancelled","2025-01-05 09:32:00","",""',
    ].join('\n');
    const parsed = parseStatement(csv);
    expect(parsed.skipped).toBe(2);
    expect(parsed.payments).toEqual([
      {
        transId: 'SAA1B2C3D4',
        transTime: new Date('2025-01-05T06:30:00Z'),
        amountCents: 100000,
        accountReference: '101-A4',
        msisdn: '2547****126',
        payerName: 'JOHN DOE',
      },
    ]);
  });
});
