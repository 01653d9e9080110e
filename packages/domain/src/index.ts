export * from './roles/role-lists';
export * from './constants/limits';
export * from './api/errors';
export * from './api/health';
