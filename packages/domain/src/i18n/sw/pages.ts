import type { Catalogue } from '../catalogue';

export const welcome: Catalogue['welcome'] = {
  kicker: 'Usimamizi wa majengo na upangaji',
  welcomeUser: 'Karibu {{name}}',
  welcomeBack: 'Endelea ulipoachia: simamia majengo, upangaji na kodi kutoka kwenye nafasi yako.',
  title: 'Karibu Makazi',
  pleaseLogIn: 'Tafadhali ingia ili usimamie majengo, wapangaji na ukusanyaji wa kodi.',
  logInToContinue: 'Ingia ili uendelee',
  createAccount: 'Fungua akaunti',
  features: {
    properties: {
      title: 'Majengo na nyumba',
      text: 'Sajili majengo na nyumba na uone zilizo na wapangaji kwa haraka.',
    },
    tenancies: {
      title: 'Upangaji',
      text: 'Anzisha na usitishe upangaji na ufuatilie salio la kila mpangaji.',
    },
    rent: {
      title: 'Kodi kwa Ksh',
      text: 'Pokea kodi taslimu, tunza leja na uchapishe taarifa za akaunti za wapangaji.',
    },
    teams: {
      title: 'Timu za wakala',
      text: 'Ajiri watumiaji kwenye wakala wako na uamue nani anaweza kuingia.',
    },
  },
};

export const signIn: Catalogue['signIn'] = {
  title: 'Ingia',
  subtitle: 'Karibu tena. Ingia ili usimamie majengo na upangaji wako.',
  email: 'Barua pepe',
  password: 'Nenosiri',
  submit: 'Ingia',
  loginTime: 'Muda wa kuingia: {{time}}',
  noAccount: 'Huna akaunti bado?',
  signUp: 'Jisajili',
  code: 'Nambari kutoka kwenye barua pepe',
  codeHint: "Nambari ya tarakimu 6 tuliyotuma kwa barua pepe ya akaunti",
  newCode: 'Tuma nambari mpya',
};

export const signUp: Catalogue['signUp'] = {
  title: 'Fungua akaunti yako',
  subtitle: 'Jisajili kwa hatua chache ili uanze kutumia Makazi.',
  steps: {
    bioData: 'Taarifa binafsi',
    verification: 'Thibitisha Barua pepe',
    password: 'Weka Nenosiri',
    success: 'Imekamilika',
  },
  stepOf: 'Hatua {{step}} kati ya {{total}}: {{name}}',
  firstName: 'Jina la Kwanza',
  lastName: 'Jina la Mwisho',
  email: 'Barua pepe',
  phoneNo: 'Nambari ya Simu',
  password: 'Nenosiri',
  confirmPassword: 'Thibitisha Nenosiri',
  back: 'Rudi',
  next: 'Endelea',
  haveAccount: 'Tayari una akaunti?',
  logIn: 'Ingia',
  confirmTitle: 'Thibitisha Taarifa',
  close: 'Funga',
  submitting: 'Inatuma...',
  complete: 'Kamilisha',
  getOtp: 'Pata OTP',
  resendOtp: 'Tuma OTP tena',
  resendOtpIn: 'Tuma OTP tena baada ya {{time}}',
  otp: 'OTP',
  verify: 'Thibitisha',
  created: 'Akaunti Imefunguliwa',
  ready: 'Karibu Makazi! Akaunti yako iko tayari.',
  readyNamed: 'Karibu Makazi, {{name}}! Akaunti yako iko tayari.',
  finish: 'Maliza',
  emailVerified: 'Barua pepe imethibitishwa',
  emailNotVerified: 'Barua pepe haijathibitishwa',
};

export const clients: Catalogue['clients'] = {
  registerTitle: 'Sajili Mteja',
  registerIntro:
    'Mteja ni mpangaji au mwenye nyumba. Msajili mara moja, kisha umwanzishie upangaji au usajili majengo yake.',
  firstName: 'Jina la Kwanza',
  lastName: 'Jina la Mwisho',
  fullName: 'Jina Kamili',
  emailAddress: 'Anwani ya Barua pepe',
  phoneNo: 'Nambari ya Simu',
  idNumber: 'Nambari ya kitambulisho',
  optional: 'Si lazima',
  register: 'Sajili Mteja',
  registerFailed: 'Hitilafu imetokea. Jaribu tena baadaye',
  editFailed: 'Hitilafu imetokea. Jaribu tena baadaye!',
  clientNumber: 'Nambari ya mteja {{clientNo}}',
  history: 'Historia',
  language: 'Lugha ya SMS, PDF na kiungo cha mpangaji',
  close: 'Funga',
  edit: 'Hariri',
  save: 'Hifadhi',
  updated: 'Taarifa za mteja zimesasishwa',
};

export const agency: Catalogue['agency'] = {
  title: 'Fungua Akaunti ya Usimamizi wa Majengo',
  intro:
    'Akaunti ya mwenye nyumba inasimamia majengo yako mwenyewe; akaunti ya wakala inasimamia majengo ya wenye nyumba.',
  accountType: 'Aina ya akaunti',
  landlordAccount: 'Akaunti ya mwenye nyumba',
  landlordAccountText: 'Simamia majengo unayomiliki, kwenye Nafasi yangu.',
  agencyAccount: 'Akaunti ya wakala',
  agencyAccountText: 'Simamia majengo ya wenye nyumba pamoja na wafanyakazi wako, kwenye Wakala Wangu.',
  agentName: 'Jina la Wakala',
  kraPin: 'PIN ya KRA',
  address: 'Anwani',
  ownProperty: 'Je, unamiliki jengo?',
  yes: 'Ndiyo',
  no: 'Hapana',
  create: 'Fungua Akaunti',
  failed: 'Hitilafu imetokea. Jaribu tena baadaye!',
  landlordReady:
    'Akaunti yako ya mwenye nyumba {{name}} iko tayari. Simamia majengo yako kwenye Nafasi yangu.',
  agencyReady: 'Akaunti yako ya wakala {{name}} iko tayari. Simamia wakala wako kwenye Wakala Wangu.',
  goMySpace: 'Nenda Nafasi yangu',
  goMyAgency: 'Nenda Wakala Wangu',
};

export const properties: Catalogue['properties'] = {
  propertyName: 'Jina la jengo',
  rentalUnits: 'Nyumba za kupangisha',
  county: 'Kaunti',
  town: 'Mji',
  areaEstate: 'Eneo/Mtaa',
  ownerNote: 'Jengo linasajiliwa kwa jina la mmiliki wa akaunti hii ya mwenye nyumba.',
  register: 'Sajili Jengo',
  failed: 'Hitilafu imetokea. Jaribu tena baadaye',
};

export const profile: Catalogue['profile'] = {
  title: 'Wasifu',
  userNo: 'Nambari ya Mtumiaji: {{userNo}}',
  bioData: 'Taarifa binafsi',
  workSettings: 'Mipangilio ya kazi',
  workSettingsLink: 'Maombi ya kuajiri uliyopokea, akaunti inayokusimamia kwa mkataba na upatikanaji wa kazi',
  firstName: 'Jina la Kwanza',
  lastName: 'Jina la Mwisho',
  emailAddress: 'Anwani ya Barua pepe',
  phoneNo: 'Nambari ya Simu',
  detailsUpdated: 'Taarifa zimesasishwa',
  agentAccounts: 'Akaunti za wakala unazosimamia',
  noAgentAccounts: 'Hakuna akaunti za wakala',
  myLandlordAccount: 'Akaunti yangu ya mwenye nyumba',
  myAgencyAccount: 'Akaunti yangu ya wakala',
  workLandlordAccount: 'Kazi: Akaunti ya Mwenye Nyumba',
  workAgencyAccount: 'Kazi: Akaunti ya Wakala',
  languageTitle: 'Lugha',
  languageHelp: 'Makazi itaonyesha skrini zake kwa lugha hii kwenye kila kifaa utakachoingia nacho.',
};
