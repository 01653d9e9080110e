export * from './mail';
export * from './people';
export * from './verification';
export * from './agents';
export * from './properties';
export * from './tenancies';
export * from './mpesa';
