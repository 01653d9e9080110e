// Loaded with the first check of the form or of a refused sign-in (see sign-in-form.tsx, sign-in-error.ts).
export { LoginConflict, SignInCodeRequired, SignInRequest } from '@makazi/domain';
