/** Maneno ya skrini za M-Pesa yaliyoongezwa (issue 19). */
export const mpesaScreens = {
  clearFile: 'Ondoa faili uliyochagua',
};
