import { describe, expect, it } from 'vitest';
import { BookTenancyFields } from '../tenancies/tenancy';
import { GetUserQuery, HireSearchForm } from '../hiring/hiring';
import { normalisePhone, phoneField } from './fields';

describe('Kenyan phone numbers', () => {
  it('drops the spaces and dashes people type and reads +254 as the leading 0', () => {
    expect(normalisePhone('0722 555 111')).toBe('0722555111');
    expect(normalisePhone(' 0722-555-111 ')).toBe('0722555111');
    expect(normalisePhone('+254 722 555 111')).toBe('0722555111');
    expect(normalisePhone('254722555111')).toBe('0722555111');
  });

  it('accepts "0722 555 111" wherever a phone is validated and keeps the digits only', () => {
    expect(phoneField().parse('0722 555 111')).toBe('0722555111');
    expect(HireSearchForm.parse({ searchOption: 'PhoneNo', searchValue: '0722-555-111' }).searchValue).toBe(
      '0722555111',
    );
    expect(GetUserQuery.parse({ AgentNo: 1, PhoneNo: '0722 555 111' }).PhoneNo).toBe('0722555111');
    expect(BookTenancyFields.shape.Next_of_kin_phone.parse('0722 555 111')).toBe('0722555111');
  });

  it('still refuses what is not a phone number', () => {
    expect(phoneField().safeParse('0722 555 11').success).toBe(false);
    expect(phoneField().safeParse('07a2555111').success).toBe(false);
    expect(phoneField().safeParse('   ').success).toBe(false);
  });
});
