// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const REMINDER_MESSAGES = {
  daysRequired: 'Choose at least one day of the month',
  dayInvalid: 'Reminder days are between 1 and 28',
  templateTooLong: 'The message is too long (at most 480 characters)',
  templateUnknown:
    'The message may use only name, balance, paybill, account and agency, each in double braces',
  priceTooHigh: 'Price per SMS is at most Ksh 1,000.00',
  saved: 'Reminder settings saved',
  switchedOff: 'Arrears reminders switched off',
  notSetUp: 'Set up arrears reminders first',
  off: 'Arrears reminders are switched off',
  notToday: 'Today is not one of the reminder days',
  smsOff: 'SMS is not set up on this server',
  queued: (count: number) => `${count} ${count === 1 ? 'reminder' : 'reminders'} queued`,
  noneDue: 'No tenant is due a reminder today',
  optedOut: 'The tenant will get no arrears reminders',
  optedIn: 'The tenant will get arrears reminders again',
  tenancyNotFound: 'Tenancy not found',
} as const;
