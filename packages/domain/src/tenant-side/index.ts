export * from './tenant-link';
export * from './stk';
export * from './maintenance';
export * from './messages';
