export * from './account-reference';
export * from './c2b';
export * from './limits';
export * from './mpesa';
export * from './statement';
export * from './trans-time';
export * from './pull';
