// The words of closed months (docs/decisions/036-closed-months.md), apart from
// the schemas, so the catalogues can import them without zod.

export const CLOSED_MONTH_MESSAGES = {
  notEnded: 'A month can be closed once it has ended',
  alreadyClosed: 'This month is already closed for this landlord',
  monthAfterPayout: 'The month remitted may not be after the payout date',
  nothingAmended: 'Nothing is owed to KRA on an amendment of this month',
  amendmentNotFound: 'No paid amendment of that number for this landlord and month',
  closed: (month: string) => `Month ${month} closed for this landlord`,
  amendmentPaid: (no: number, month: string, amount: string) => `Amendment ${no} of MRI for ${month} recorded as paid to KRA: ${amount}`,
  overpaid: (amount: string) => `Nothing is owed to KRA on an amendment of this month: ${amount} was overpaid`,
} as const;
