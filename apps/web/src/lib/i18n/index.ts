export { changeLanguage, currentLanguage, i18n, initialLanguage, monthLabel, translateMessage, useT } from './i18n';
export { Trans } from 'react-i18next';
