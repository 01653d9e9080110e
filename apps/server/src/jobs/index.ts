export { backoffSeconds, jobEngine, type JobDefinition, type JobEngine } from './engine';
export { tryAgencyLock } from './repository';
