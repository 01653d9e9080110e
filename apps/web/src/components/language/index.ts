export { LanguageSwitch } from './language-switch';
export { useSessionLanguage } from './use-choose-language';
