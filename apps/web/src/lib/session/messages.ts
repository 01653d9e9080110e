/** The note on a work account the user may not enter (login status not 1). */
export const WORK_ACCOUNT_LOCKED_NOTE =
  '(You are not allowed to access work account. Contact your work account Admin to allow you in)';

