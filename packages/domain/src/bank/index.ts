export * from './bank';
export * from './presets';
export * from './statement';
