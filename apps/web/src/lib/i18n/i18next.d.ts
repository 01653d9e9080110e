import type { en } from '@makazi/domain';

// Keys are checked at compile time: a typo or a key missing from the English catalogue does not build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
