import type { Catalogue } from '../catalogue';

export const figures: Catalogue['figures'] = {
  balanceDue: 'Salio linalodaiwa',
  rentArrears: 'Malimbikizo ya kodi',
  inCredit: 'Ziada kwako',
  depositDue: 'Amana bado inadaiwa',
  depositHeld: 'Amana iliyoshikiliwa',
  monthsInArrears: 'Miezi ya malimbikizo',
  inCreditAmount: '{{amount}} ziada kwako',
};
