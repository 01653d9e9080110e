// Apart from the schemas, so the web app's first load reads them without zod.
export const AGENT_MESSAGES = {
  nameRequired: 'Agent name is required',
  nameShort: 'Agent name too short',
  nameLong: 'Agent name too Long',
  kraRequired: 'Kra pin is required',
  addressRequired: 'Address is required',
  addressShort: 'Adress too short',
  addressLong: 'Adress too Long',
  hasOwnPropertyRequired: 'Say whether you own property',
  typeRequired: 'Choose the account type',
  alreadyHasAccount: 'You already have a property management account.',
  created: 'Account Created Successfully',
  fetchAccountsFailed: 'An error occured fetching agent accounts.',
  earbInvalid: 'Write the EARB registration number as the Board issued it: letters, digits, / and -, at most 30',
  practisingYearInvalid: 'The practising certificate year is a year from 2000 to next year',
  practisingYearWithoutNumber: 'Give the EARB registration number with the practising certificate year',
  registrationSaved: 'Estate Agents Act registration saved',
} as const;
