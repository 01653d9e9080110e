import type { Language } from '../i18n/languages';
import { translatorFor } from '../i18n/translator';
import type { AgencyRegistration } from './agent-account';

/**
 * The line an agency's papers print under its name: its EARB registration
 * number, and the practising certificate's year when given. None before the
 * agency has given its number.
 */
export function agencyRegistrationLine(registration: AgencyRegistration | null | undefined, language: Language): string | null {
  if (!registration?.EarbNo) return null;
  const t = translatorFor(language);
  return registration.PractisingYear
    ? t('documents.agencyRegistration.numberAndYear', { earbNo: registration.EarbNo, year: registration.PractisingYear })
    : t('documents.agencyRegistration.number', { earbNo: registration.EarbNo });
}
