export {
  changeLanguage,
  currentLanguage,
  i18n,
  i18nReady,
  initialLanguage,
  monthLabel,
  translateMessage,
  useT,
} from './i18n';
export { Trans } from 'react-i18next';
