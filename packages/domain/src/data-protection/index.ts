export * from './data-protection';
