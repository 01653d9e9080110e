export * from './opening-balances';
export { BROUGHT_FORWARD, OPENING_MESSAGES } from './messages';
