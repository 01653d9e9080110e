import type { MriLine, Payout } from '@makazi/domain';
import { describe, expect, it } from 'vitest';
import { pdfWords } from '../../test/pdf-text';
import { withholdingCertificatePdf } from '../rental-tax/certificate-pdf';
import { payoutAdvicePdf } from './advice-pdf';

const printed = new Date('2026-07-01T09:00:00Z');
const payout: Payout = { PayoutId: 12, LandlordNo: 7, Landlord_name: 'Omondi Otieno', Amount: 13500, PayoutDate: '2026-06-30', Method: 'bank', Reference: 'EQ-4471' };
const mri: MriLine & { Amendment: null } = {
  LandlordNo: 7,
  Landlord_name: 'Omondi Otieno',
  KraPin: 'A123456789B',
  Month: '2026-06',
  GrossRent: 20000,
  RatePercent: '7.50',
  Tax: 1500,
  Withheld: 1500,
  PaidToKra: 0,
  DueBy: '2026-07-20',
  PaidOn: null,
  Reference: null,
  AmendmentDue: 0,
  AmendmentGross: 0,
  Amendments: [],
  Amendment: null,
};

describe("the landlord's papers", () => {
  it('a remittance advice is in the landlord’s language, dates dd/mm/yyyy, figures the same', async () => {
    const en = pdfWords(await payoutAdvicePdf(payout, 'Tumaini Homes', printed));
    expect(en).toContain('Remittance advice');
    expect(en).toContain('Bank transfer');
    expect(en).toContain('30/06/2026');
    expect(en).toContain('Amount paid: Ksh 13,500.00');
    const sw = pdfWords(await payoutAdvicePdf(payout, 'Tumaini Homes', printed, 'sw'));
    expect(sw).toContain('Hati ya malipo');
    expect(sw).toContain('Uhamisho wa benki');
    expect(sw).toContain('30/06/2026');
    expect(sw).toContain('Kiasi kilicholipwa: Ksh 13,500.00');
    expect(sw).not.toContain('Remittance advice');
    expect(sw).not.toContain('Amount paid');
  });

  it('a remittance advice of a VAT-registered agency says the commission carried VAT, with the agency’s VAT PIN; none otherwise', async () => {
    const en = pdfWords(await payoutAdvicePdf(payout, 'Tumaini Homes', printed, 'en', null, 'P051234567Q'));
    expect(en).toContain('VAT PIN of the agency: P051234567Q');
    expect(en).toContain('less commission and the VAT on it');
    const sw = pdfWords(await payoutAdvicePdf(payout, 'Tumaini Homes', printed, 'sw', null, 'P051234567Q'));
    expect(sw).toContain('PIN ya VAT ya wakala: P051234567Q');
    expect(pdfWords(await payoutAdvicePdf(payout, 'Tumaini Homes', printed))).not.toContain('VAT');
  });

  it('a statement of tax withheld is in the landlord’s language, the due day dd/mm/yyyy, figures the same', async () => {
    const en = pdfWords(await withholdingCertificatePdf(mri, 'Tumaini Homes', printed));
    // Decision 055: what the agency prints before KRA's certificate exists is a statement, and says so.
    expect(en).toContain('statement of tax withheld');
    expect(en).toContain('is not KRA');
    expect(en).not.toContain('tax: withholding certificate');
    expect(en).toContain('June 2026');
    expect(en).toContain('20/07/2026');
    expect(en).toContain('Ksh 1,500.00');
    const sw = pdfWords(await withholdingCertificatePdf(mri, 'Tumaini Homes', printed, 'sw'));
    expect(sw).toContain('taarifa ya kodi iliyokatwa');
    expect(sw).toContain('si cheti cha makato cha KRA');
    expect(sw).toContain('06/2026');
    expect(sw).toContain('20/07/2026');
    expect(sw).toContain('Ksh 1,500.00');
    expect(sw).toContain('Tumaini Homes ilikata kodi ya mapato');
    expect(sw).toContain('Bado haijalipwa KRA');
    expect(sw).not.toContain('Tax withheld');
  });
});
