// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const GENERIC_FAILURE_MESSAGE = 'Something went Wrong. Try again later!';
