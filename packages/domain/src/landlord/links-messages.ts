// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

/** The landlord's own view (DESIGN.md §4b): an invitation the landlord accepts links the agency's client record to their user. */
export const LANDLORD_LINK_MESSAGES = {
  invited: 'Invitation sent',
  emailRequired: 'Enter the landlord’s email address',
  noLinksForLandlordAccount: 'A landlord’s own account has no landlord clients to invite',
  landlordNotFound: 'Landlord not found',
  linkNotFound: 'This invitation is not valid any more. Ask the agency for a new one',
  otherEmail: 'This invitation was sent to another email address. Sign in with that address to accept it',
  alreadyTaken: 'This invitation has already been accepted by someone else',
  accepted: 'You now see the properties this agency manages for you',
  revoked: 'Link removed',
  approved: 'Expense approved and paid',
  declined: 'Expense declined',
  landlordRequired: 'Choose a landlord',
  approveOrDecline: 'Approve or decline',
} as const;
