export * from './split';
export * from './agreement';
export * from './payouts';
export * from './statement';
export * from './links';
export * from './pass-through';
export * from './fee-transfers';
export * from './client-money';
