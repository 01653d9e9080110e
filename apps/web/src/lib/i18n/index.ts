export { changeLanguage, currentLanguage, i18n, initialLanguage, translateMessage, useT } from './i18n';
