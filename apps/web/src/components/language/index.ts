export { LanguageSwitch } from './language-switch';
export { useChooseLanguage, useSessionLanguage } from './use-choose-language';
