// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

import { LIMITS } from '../constants/limits';

/** Texts of hiring, offers, contracts, availability and the toggle. */
export const HIRING_MESSAGES = {
  enterValue: 'Enter a value',
  invalidEmail: 'Invalid Email',
  invalidPhone: 'Enter a valid Phone number',
  hireYourself: '** You cant hire yourself !!**',
  notAvailable: (username: string) => `${username} is not available for work`,
  endOnlyAsUser: 'This contract can only be ended by you as user',
  endOnlyAsAdmin: 'This contract can only be ended by you as admin',
  noUserFound: '** No user found **',
  noUserSelected: 'No User Selected',
  /** The admin's search of the account's own users matched none (decision 023): they may know who works for them. */
  noAgencyUserFound: 'No User Found',
  /** Shown to a hired user on the account whose admin switched them off (login status 0). */
  accessSwitchedOff:
    'Your access to this work account is switched off. Contact your work account Admin to allow you in.',
  fetchUserFailed: 'Error in fetching User',
  sendFailed: 'something wrong. Try again later',
  revokeFailed: 'Something went wrong. try again later',
  offersSentFailed: 'Something went wrong.Check your internet connection or try again later.',
  noOffersSent: 'No Offers Sent',
  offerSent: 'Hire offer sent',
  offerRevoked: 'Hire offer revoked',
  offerNotPending: 'Offer not found. It may have been revoked, accepted or declined.',
  alreadyOffered: 'An offer to this user is already pending',
  alreadyWorksHere: 'This user already works on this account',
  fetchUsersFailed: 'Error fetching Users',
  noUsers: 'No users',
  noAllocatedUsername: 'No allocated Username yet',
  noOfferForAcceptance: 'No offer selected for acceptance',
  noOfferSelected: 'No offer selected',
  acceptFailed: 'Failed to accept offer',
  declineFailed: 'Failed to decline offer',
  offerAccepted: 'Offer accepted',
  offerDeclined: 'Offer declined',
  agencyOwnerCannotAccept: 'You cannot accept offers since you have an agency account',
  alreadyContracted: 'You already have a contracted managing account. End it before accepting another offer.',
  noContract: 'No contracted managing account found',
  terminateFailed: 'An error occurred while terminating the contract',
  noContractToManage: 'You do not have any contracted agent account to manage.',
  endContractConfirm: 'Are you sure you want to end this contract?',
  contractEnded: 'Contract ended',
  availabilityBlocked: 'You are not allowed to change availability for work since you have an agency account',
  availabilityFailed: 'Something Went Wrong.Try again Later.',
  availabilityChanged: 'Availability for work updated',
  toggleFailed: 'Error Changing user activated state',
  toggled: (active: boolean) => (active ? 'User activated' : 'User deactivated'),
  accessSaved: 'Role and properties saved',
  caretakerNeedsProperty: 'A caretaker needs at least one property',
  caretakerOnAgency: 'Only an agency hires caretakers',
  notYourProperty: 'Choose properties of this account',
  declineReasonLong: `Decline reason must be at most ${LIMITS.declineReasonMax} characters`,
} as const;
