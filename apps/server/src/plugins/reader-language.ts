import { acceptLanguageTags, pickLanguage, translateMessage, translatorFor } from '@makazi/domain';
import type { Language } from '@makazi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The language the caller reads (the web app sends the one its screens show); English when it asks for none we have. */
export function readerLanguage(request: FastifyRequest): Language {
  return pickLanguage(acceptLanguageTags(request.headers['accept-language']));
}

/**
 * Refusals and answers carry the domain's English texts; a caller asking for
 * another language (the web app sends the one its screens show) gets them
 * translated where the catalogue has them, sentences with values included
 * ('Water charged to 3 tenancies: Ksh 4,500.00'). Codes stay the same, so
 * callers branch on those.
 */
export function sayer(request: FastifyRequest): (message: string) => string {
  const language = readerLanguage(request);
  if (language === 'en') return (message) => message;
  const t = translatorFor(language);
  return (message) => translateMessage(t, message);
}

/** An answer's `message` ('Reading saved', 'Statement sent to …') in the caller's language, as refusals already are. */
export function registerAnswerLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const { message } = payload as { message?: unknown };
    if (typeof message !== 'string') return payload;
    const said = sayer(request)(message);
    return said === message ? payload : { ...payload, message: said };
  });
}
