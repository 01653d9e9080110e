import type { Mail } from '../../plugins/mailer';

/** The hire offer, as the user reads it in their mail. */
export function offerMail(to: string, o: { userName: string; agencyName: string; ownerName: string }): Mail {
  return {
    to,
    subject: `Hire offer from ${o.agencyName}`,
    text:
      `Hello ${o.userName},\n\n${o.ownerName} of ${o.agencyName} invites you to work on their property management account.\n` +
      `Open Settings → Work settings in Makazi to accept or decline the offer.`,
  };
}

/** An offer to an email with no account: the invitation to sign up first. */
export function inviteMail(to: string, o: { agencyName: string; ownerName: string; signUpUrl: string }): Mail {
  return {
    to,
    subject: `Invitation to work with ${o.agencyName} on Makazi`,
    text:
      `Hello,\n\n${o.ownerName} of ${o.agencyName} would like you to work on their property management account in Makazi.\n` +
      `Create your free account at ${o.signUpUrl} with this email address, then ask them to send the offer again.`,
  };
}

/** The admin's notice that an offer was answered. */
export function answerMail(
  to: string,
  o: { userName: string; agencyName: string; accepted: boolean; reason?: string | null },
): Mail {
  const verb = o.accepted ? 'accepted' : 'declined';
  const reason = !o.accepted && o.reason ? `\nReason given: ${o.reason}` : '';
  return {
    to,
    subject: `${o.userName} ${verb} your hire offer`,
    text: `${o.userName} ${verb} the offer to work on ${o.agencyName}.${reason}`,
  };
}
