// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const PROPERTY_MESSAGES = {
  noLandlordSelected: 'Error:No landlord is selected',
  checkLandlord: 'Error. check if landlord is selected',
  landlordNotFound: 'no landord found',
  landlordMustBeClient:
    'Landlords are found among your own clients. Register the landlord as a client first.',
  noLandlord: 'No Landlord selected',
  noProperties: 'No Properties found for this agent',
  addFirst: 'Add your first property',
  cannotGet: 'Cannot get properties. Try again later',
  houseNumberTaken: 'A house with this number already exists in this property.',
} as const;
