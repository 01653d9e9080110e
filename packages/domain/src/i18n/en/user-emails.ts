/**
 * Emails to users (sign-up and log in codes, hire offers) and landlord
 * invitations, in the reader's language. The English is what the server sent
 * before the emails were translated, word for word.
 */
export const userEmails = {
  /** The visitor's name is echoed only when it is a plain name (see the sign-up service). */
  greeting: 'Hello {{name}},',
  greetingNoName: 'Hello,',
  signUpCode: {
    subject: 'Your Makazi verification code',
    body: '{{greeting}}\n\nYour Makazi verification code is {{code}}. It is valid for {{minutes}} minutes.\n\nIf you did not ask for it, ignore this email.',
  },
  signInCode: {
    subject: 'Your Makazi log in code',
    body: 'Your Makazi log in code is {{code}}. It is valid for {{minutes}} minutes.\n\nMany wrong passwords were tried on your account, so logging in now also needs this code. If you did not just try to log in, someone else knows your password: change it as soon as you are in.',
  },
  hireOffer: {
    subject: 'Hire offer from {{agency}}',
    body: 'Hello {{name}},\n\n{{owner}} of {{agency}} invites you to work on their property management account.\nOpen Settings → Work settings in Makazi to accept or decline the offer.',
  },
  /** To an email with no account: the invitation to sign up first, in the inviting office's language. */
  hireInvite: {
    subject: 'Invitation to work with {{agency}} on Makazi',
    body: 'Hello,\n\n{{owner}} of {{agency}} would like you to work on their property management account in Makazi.\nCreate your free account at {{url}} with this email address, then ask them to send the offer again.',
  },
  /** The admin's notice that an offer was answered. */
  hireAnswer: {
    acceptedSubject: '{{name}} accepted your hire offer',
    acceptedBody: '{{name}} accepted the offer to work on {{agency}}.',
    declinedSubject: '{{name}} declined your hire offer',
    declinedBody: '{{name}} declined the offer to work on {{agency}}.',
    declinedBodyWithReason: '{{name}} declined the offer to work on {{agency}}.\nReason given: {{reason}}',
  },
  landlordInvite: {
    subject: '{{agency}} invites you to see your properties on Makazi',
    body: 'Dear {{name}},\n\n{{agency}} manages property for you and invites you to see it on Makazi: your houses, rent collected, expenses, payouts and owner statements.\nOpen this link, sign up or sign in with this email address ({{email}}), and accept:\n{{url}}\n\n{{agency}}',
  },
};
