import { translatorFor, type Language } from '@makazi/domain';
import type { Mail } from '../../plugins/mailer';

/** The hire offer, as the user reads it in their mail, in the language they chose (English until they choose). */
export function offerMail(
  to: string,
  o: { userName: string; agencyName: string; ownerName: string },
  language: Language,
): Mail {
  const t = translatorFor(language);
  return {
    to,
    subject: t('userEmails.hireOffer.subject', { agency: o.agencyName }),
    text: t('userEmails.hireOffer.body', { name: o.userName, owner: o.ownerName, agency: o.agencyName }),
  };
}

/** An offer to an email with no account: the invitation to sign up first, in the language the office sent it in. */
export function inviteMail(
  to: string,
  o: { agencyName: string; ownerName: string; signUpUrl: string },
  language: Language,
): Mail {
  const t = translatorFor(language);
  return {
    to,
    subject: t('userEmails.hireInvite.subject', { agency: o.agencyName }),
    text: t('userEmails.hireInvite.body', { owner: o.ownerName, agency: o.agencyName, url: o.signUpUrl }),
  };
}

/** The admin's notice that an offer was answered, in the admin's chosen language. */
export function answerMail(
  to: string,
  o: { userName: string; agencyName: string; accepted: boolean; reason?: string | null },
  language: Language,
): Mail {
  const t = translatorFor(language);
  const values = { name: o.userName, agency: o.agencyName, reason: o.reason };
  if (o.accepted) {
    return { to, subject: t('userEmails.hireAnswer.acceptedSubject', values), text: t('userEmails.hireAnswer.acceptedBody', values) };
  }
  return {
    to,
    subject: t('userEmails.hireAnswer.declinedSubject', values),
    text: o.reason ? t('userEmails.hireAnswer.declinedBodyWithReason', values) : t('userEmails.hireAnswer.declinedBody', values),
  };
}
