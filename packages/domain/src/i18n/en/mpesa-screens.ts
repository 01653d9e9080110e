/** Words of the M-Pesa screens added since they were written in English (issue 19). */
export const mpesaScreens = {
  clearFile: 'Remove the chosen file',
};
