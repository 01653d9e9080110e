import type { Catalogue } from '../catalogue';

export const figures: Catalogue['figures'] = {
  balanceDue: 'Salio sasa',
  rentArrears: 'Malimbikizo ya kodi',
  inCredit: 'Ziada (hakuna deni)',
  depositDue: 'Amana bado inadaiwa',
  chargesDue: 'Tozo nyingine zinazodaiwa',
  depositHeld: 'Amana iliyoshikiliwa',
  monthsInArrears: 'Miezi ya malimbikizo',
  inCreditAmount: 'Ziada ya {{amount}} (hakuna deni)',
};
