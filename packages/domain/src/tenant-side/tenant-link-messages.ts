/** Apart from tenant-link.ts, which writes the link's SMS with the translator: the catalogue takes these texts without a cycle. */
export const TENANT_LINK_MESSAGES = {
  sent: 'Link sent to the tenant',
  revoked: 'Link revoked: the old address no longer opens',
  noChannel: 'Choose SMS, email or both',
  noPhone: 'The tenant has no phone number to text',
  noEmail: 'The tenant has no email address',
  tenancyRequired: 'Select a tenancy',
  smsFailed: 'SMS could not be sent. Copy the link and send it yourself.',
  emailFailed: 'Email could not be sent. Copy the link and send it yourself.',
  bothFailed: 'SMS could not be sent; Email could not be sent. Copy the link and send it yourself.',
} as const;
