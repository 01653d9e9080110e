import type { Catalogue } from '../catalogue';

export const accounts: Catalogue['accounts'] = {
  mySpace: 'Nafasi yangu',
  myAgency: 'Wakala Wangu',
  myWork: 'Kazi yangu',
  landlordAccount: 'Akaunti ya mwenye nyumba',
  agencyAccount: 'Akaunti ya wakala',
  chooseTitle: 'Chagua wakala wa kufanyia kazi',
  chooseIntro:
    'Akaunti yako mwenyewe na akaunti iliyokuajiri. Kubadilisha kunapakia upya data ya akaunti unayochagua.',
  none: 'Bado huna akaunti yoyote ya usimamizi wa majengo.',
  create: 'Fungua Akaunti ya Usimamizi wa Majengo',
  current: 'Inayotumika',
  workingHere: 'Unafanya kazi hapa',
  workIn: 'Fanya kazi katika {{title}}',
};

export const errorPages: Catalogue['errorPages'] = {
  notFoundTitle: 'Ukurasa haukupatikana',
  notFoundText: 'Ukurasa unaoutafuta haupo au umehamishwa.',
  home: 'Mwanzo',
  back: 'Rudi',
  unexpected: 'Hitilafu Isiyotarajiwa ya Programu!',
  unknown: 'Hitilafu isiyojulikana',
  unauthorizedTitle: 'Huna ruhusa',
  unauthorizedText: 'Huna ruhusa ya kuona ukurasa huu.',
  loading: 'Inapakia',
  authenticating: 'Inathibitisha...',
};
