// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const EMAIL_MESSAGES = { required: 'Email is required', invalid: 'Invalid Email' } as const;
