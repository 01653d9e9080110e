import type { Catalogue } from '../catalogue';

/** Skrini ya vikumbusho vya malimbikizo. */
export const reminders: Catalogue['reminders'] = {
  title: 'Vikumbusho vya malimbikizo',
  intro:
    'SMS kwa kila mpangaji mwenye malimbikizo siku unazochagua, pamoja na salio lake na mahali pa kulipa.',
  settingsTitle: 'Mipangilio',
  active: 'Tuma vikumbusho siku hizi',
  days: 'Siku za mwezi',
  daysHelp: 'Kati ya 1 na 28, zikitenganishwa kwa koma: 3, 7, 14',
  minBalance: 'Salio la chini linalokumbushwa (Ksh)',
  smsPrice: 'Bei ya SMS moja (Ksh)',
  template: 'Maneno yako (tupu: ujumbe wa kawaida kwa lugha ya kila mpangaji)',
  templateHelp: 'Yanaweza kutumia {{words}}',
  save: 'Hifadhi mipangilio',
  smsNotReady: 'SMS haijawekwa kwenye seva hii: vikumbusho vinaweza kuonyeshwa lakini si kutumwa.',
  previewTitle: 'Leo',
  previewLine_one: 'Mpangaji {{count}} angepata kikumbusho leo (SMS {{messages}}, takriban Ksh {{cost}}).',
  previewLine_other:
    'Wapangaji {{count}} wangepata kikumbusho leo (SMS {{messages}}, takriban Ksh {{cost}}).',
  notReminderDay: 'Leo ({{day}}) si mojawapo ya siku za vikumbusho.',
  sample: 'Mfano: {{text}}',
  send: 'Tuma vikumbusho vya leo',
  logTitle: 'Vikumbusho vilivyotumwa',
  noLog: 'Bado hakuna kikumbusho kilichotumwa.',
  columns: {
    day: 'Siku',
    tenant: 'Mpangaji',
    phone: 'Simu',
    balance: 'Salio',
    status: 'Hali',
    reason: 'Sababu',
  },
  status: { queued: 'Kwenye foleni', sent: 'Imetumwa', delivered: 'Imefika', failed: 'Imeshindikana' },
  failed: 'Hitilafu imetokea. Jaribu tena baadaye',
};
