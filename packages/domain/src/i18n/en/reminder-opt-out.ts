/** A tenancy's arrears reminders switch (docs/screens.md#tenancy-details). */
export const reminderOptOut = {
  title: 'Arrears reminders',
  label: 'Send this tenant arrears reminders by SMS',
  on: 'On: the tenant gets the agency’s arrears reminders.',
  off: 'Off: the tenant gets no arrears reminders.',
  adminOnly: 'Only an admin may change this.',
  optedOut: 'The tenant will get no arrears reminders',
  optedIn: 'The tenant will get arrears reminders again',
  failed: 'Something went wrong',
};
