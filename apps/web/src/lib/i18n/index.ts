export {
  changeLanguage,
  currentLanguage,
  i18n,
  i18nReady,
  translateMessage,
  useT,
} from './i18n';
export { Trans } from 'react-i18next';
