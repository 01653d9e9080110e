// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

/** The audit trail's refusals, in the catalogue (`messages.audit`). */
export const AUDIT_MESSAGES = { notAKind: 'Not a record kind' } as const;
