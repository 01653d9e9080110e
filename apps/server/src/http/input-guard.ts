import { textProblem } from '@makazi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Invalid } from '../errors';

/** Keys that would reach an object's prototype if anything merged the input. */
const POISONED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 8;

/**
 * Every request's body, query and params, checked before any schema or
 * handler sees them: no control characters, no string longer than the
 * longest field, no prototype keys, no deep nesting. Field schemas add their
 * own limits; this holds for routes whose schema forgot one.
 */
export function registerInputGuard(api: FastifyInstance) {
  api.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const problem = problemIn(value, part, 0);
      if (problem) throw new Invalid(problem.message, [problem]);
    }
  });
}

function problemIn(value: unknown, path: string, depth: number): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path, message } : null;
  }
  // A raw body (a photo, a scanned receipt) is bytes, not text: walking it entry by entry would take seconds and find nothing.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_DEPTH) return { path, message: 'Input is nested too deeply' };
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (POISONED_KEYS.has(key)) return { path: at, message: `A field may not be named ${key}` };
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: at, message: keyProblem };
    const problem = problemIn(item, at, depth + 1);
    if (problem) return problem;
  }
  return null;
}
