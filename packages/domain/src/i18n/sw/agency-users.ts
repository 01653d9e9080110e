/** Utafutaji wa msimamizi wa watumiaji wa akaunti yake (docs/decisions/023-no-user-found.md). */
export const agencyUsers = {
  find: 'Tafuta mtumiaji',
  findPlaceholder: 'Jina, barua pepe au jina la mtumiaji',
};
