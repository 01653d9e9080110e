import { expect, it } from 'vitest';
import { translatorFor } from './translator';
it('writes the penalty day as an ordinal in English and as tarehe N in Kiswahili', () => {
  const t = translatorFor('en');
  expect([1, 2, 3, 5, 11, 21, 22].map((d) => t('chargeSettings.day', { count: d, ordinal: true }))).toEqual(['1st', '2nd', '3rd', '5th', '11th', '21st', '22nd']);
  expect(translatorFor('sw')('chargeSettings.day', { count: 5, ordinal: true })).toBe('tarehe 5');
});
