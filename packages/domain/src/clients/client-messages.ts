// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const CLIENT_MESSAGES = {
  noChanges: 'No changes made to the client details.',
  notFound: 'No client found',
  noneRegistered: 'No clients registered yet',
  registerOne: 'Register a client',
  mustRegisterFirst: 'The client must be registered first.',
  searchRequired: '**required',
  searchByRequired: 'Search By?',
  noRecords: 'No Records Found..',
  searching: 'Searching...',
  more: 'More...',
  searchFailed: 'Search Failed! Check your network and try again later',
} as const;
