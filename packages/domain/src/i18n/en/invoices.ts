/** Invoices to tenants (docs/decisions/027-invoices-to-tenants.md): the message each tenant gets, and its setting. */
export const invoices = {
  subject: '{{agency}}: invoice for {{months}}',
  text: '{{agency}}: invoice for {{months}}. {{lines}}. Total due {{total}}.',
  pay: ' Pay to paybill {{paybill}}, account {{account}}.',
  rent: 'Rent',
  earlier: 'Earlier balance',
  line: '{{kind}} {{amount}}',
  and: 'and',
  setting: 'Send each tenant an invoice (SMS or email) when the run charges a month',
  settingHelp: 'In the tenant’s language: the month’s charges by kind, the total due, and the paybill and account to pay to.',
  on: 'Tenants get an invoice when the run charges a month.',
  off: 'Tenants get no invoice from the run.',
};
