/** The admin's search of the account's own users (docs/decisions/023-no-user-found.md). */
export const agencyUsers = {
  find: 'Find a user',
  findPlaceholder: 'Name, email or username',
};
