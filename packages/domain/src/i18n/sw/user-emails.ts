import type { Catalogue } from '../catalogue';

export const userEmails: Catalogue['userEmails'] = {
  greeting: 'Habari {{name}},',
  greetingNoName: 'Habari,',
  signUpCode: {
    subject: 'Nambari yako ya uthibitisho ya Makazi',
    body: '{{greeting}}\n\nNambari yako ya uthibitisho ya Makazi ni {{code}}. Itatumika kwa dakika {{minutes}}.\n\nIkiwa hukuiomba, puuza barua pepe hii.',
  },
  signInCode: {
    subject: 'Nambari yako ya kuingia Makazi',
    body: 'Nambari yako ya kuingia Makazi ni {{code}}. Itatumika kwa dakika {{minutes}}.\n\nManenosiri mengi yasiyo sahihi yamejaribiwa kwenye akaunti yako, kwa hivyo kuingia sasa kunahitaji pia nambari hii. Ikiwa si wewe uliyejaribu kuingia sasa hivi, mtu mwingine anajua nenosiri lako: libadilishe mara tu utakapoingia.',
  },
  hireOffer: {
    subject: 'Ombi la kuajiri kutoka {{agency}}',
    body: 'Habari {{name}},\n\n{{owner}} wa {{agency}} anakualika ufanye kazi kwenye akaunti yao ya usimamizi wa majengo.\nFungua Mipangilio → Mipangilio ya kazi katika Makazi ili ukubali au ukatae ombi.',
  },
  hireInvite: {
    subject: 'Mwaliko wa kufanya kazi na {{agency}} kwenye Makazi',
    body: 'Habari,\n\n{{owner}} wa {{agency}} angependa ufanye kazi kwenye akaunti yao ya usimamizi wa majengo katika Makazi.\nFungua akaunti yako ya bure kwenye {{url}} kwa barua pepe hii, kisha uwaombe watume ombi tena.',
  },
  hireAnswer: {
    acceptedSubject: '{{name}} amekubali ombi lako la kuajiri',
    acceptedBody: '{{name}} amekubali ombi la kufanya kazi kwenye {{agency}}.',
    declinedSubject: '{{name}} amekataa ombi lako la kuajiri',
    declinedBody: '{{name}} amekataa ombi la kufanya kazi kwenye {{agency}}.',
    declinedBodyWithReason: '{{name}} amekataa ombi la kufanya kazi kwenye {{agency}}.\nSababu iliyotolewa: {{reason}}',
  },
  landlordInvite: {
    subject: '{{agency}} inakualika uone majengo yako kwenye Makazi',
    body: 'Mpendwa {{name}},\n\n{{agency}} inasimamia majengo yako na inakualika uyaone kwenye Makazi: nyumba zako, kodi iliyokusanywa, matumizi, malipo kwako na taarifa za mwenye nyumba.\nFungua kiungo hiki, jisajili au ingia kwa barua pepe hii ({{email}}), kisha ukubali:\n{{url}}\n\n{{agency}}',
  },
};
