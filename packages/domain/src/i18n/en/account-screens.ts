/** Choosing the account to work in, and the pages for a missing page, a refusal or a failure. */
export const accounts = {
  mySpace: 'My space',
  myAgency: 'My Agency',
  myWork: 'My Work',
  landlordAccount: 'Landlord account',
  agencyAccount: 'Agency account',
  chooseTitle: 'Choose the agency to work in',
  chooseIntro:
    'Your own account and the account that hired you. Switching reloads the data of the account you choose.',
  none: 'You do not have any property management account yet.',
  create: 'Create Property management Account',
  current: 'Current',
  workingHere: 'Working here',
  workIn: 'Work in {{title}}',
};

export const errorPages = {
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or has been moved.',
  home: 'Home',
  back: 'Back',
  unexpected: 'Unexpected Application Error!',
  unknown: 'Unknown error',
  unauthorizedTitle: 'Unauthorized',
  unauthorizedText: 'You do not have permission to view this page.',
  loading: 'Loading',
  authenticating: 'Authenticating...',
};
