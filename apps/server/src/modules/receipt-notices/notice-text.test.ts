import { describe, expect, it } from 'vitest';
import { noticeText } from './notifier';

const notice = { receiptNo: 42, amountCents: 500_000, agencyName: 'Otieno Lettings' };

describe('the receipt a tenant gets by SMS or email', () => {
  it('ends on what is still owed, nothing owed, or the credit, in English', () => {
    expect(noticeText({ ...notice, balanceAfterCents: 600_000, language: 'en' })).toBe(
      'Otieno Lettings: receipt RCT-000042 for Ksh 5,000.00 received. Balance now Ksh 6,000.00. Thank you.',
    );
    expect(noticeText({ ...notice, balanceAfterCents: 0, language: 'en' })).toBe(
      'Otieno Lettings: receipt RCT-000042 for Ksh 5,000.00 received. Nothing is owed now. Thank you.',
    );
    expect(noticeText({ ...notice, balanceAfterCents: -300_000, language: 'en' })).toBe(
      'Otieno Lettings: receipt RCT-000042 for Ksh 5,000.00 received. Nothing is owed now: Ksh 3,000.00 in credit. Thank you.',
    );
  });

  it('says the payment was received and the receipt issued, and which way the money stands before any figure, in Kiswahili', () => {
    expect(noticeText({ ...notice, balanceAfterCents: 600_000, language: 'sw' })).toBe(
      'Otieno Lettings: Tumepokea malipo yako ya Ksh 5,000.00, risiti RCT-000042. Bado unadaiwa Ksh 6,000.00. Asante.',
    );
    expect(noticeText({ ...notice, balanceAfterCents: 0, language: 'sw' })).toBe(
      'Otieno Lettings: Tumepokea malipo yako ya Ksh 5,000.00, risiti RCT-000042. Huna deni sasa. Asante.',
    );
    expect(noticeText({ ...notice, balanceAfterCents: -300_000, language: 'sw' })).toBe(
      'Otieno Lettings: Tumepokea malipo yako ya Ksh 5,000.00, risiti RCT-000042. Huna deni sasa; una ziada ya Ksh 3,000.00. Asante.',
    );
  });
});
