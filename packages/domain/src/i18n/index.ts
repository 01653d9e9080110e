export * from './languages';
export * from './catalogue';
export * from './format';
export * from './translator';
export { en } from './en';
export { sw } from './sw';
export { englishLeft } from './english-left';
export { translateAccount, translateAppliedTo, translateLedgerText } from './ledger-text';
