export { backoffSeconds, jobEngine, msUntilNextPeriod, type JobDefinition, type JobEngine } from './engine';
export { tryAgencyLock } from './repository';
