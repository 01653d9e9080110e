import type { Catalogue } from '../catalogue';

export const bankScreens: Catalogue['bankScreens'] = {
  title: 'Taarifa za benki',
  intro:
    'Ingiza taarifa ambayo benki yako inatoa (.csv au .xlsx). Kila pesa iliyowekwa inakuwa risiti kumbukumbu yake inapotaja upangaji, kama nambari ya akaunti ya Paybill (nambari ya upangaji, msimbo wa jengo na nambari ya nyumba, au nambari ya nyumba); zingine zinasubiri kama zisizolingana. Pesa iliyowekwa inachukuliwa mara moja tu, hata taarifa yake ikiingizwa mara ngapi.',
  accounts: 'Akaunti za benki',
  none: 'Bado hakuna akaunti ya benki. Ongeza akaunti ambayo wapangaji hulipia kodi.',
  add: 'Ongeza akaunti ya benki',
  name: 'Jina (kama vitabu vyako vinavyoiita)',
  bank: 'Benki',
  presets: { equity: 'Equity Bank', kcb: 'KCB', coop: 'Co-operative Bank', ncba: 'NCBA', other: 'Benki nyingine' },
  save: 'Hifadhi akaunti ya benki',
  columns: 'Safu za faili',
  columnsHelp: 'Kichwa cha kila safu kwenye faili la akaunti hii. Vibadilishe kama vichwa vya faili lako ni tofauti.',
  column: {
    date: 'Tarehe (DD/MM/YYYY)',
    amount: 'Pesa zilizoingia (KShs)',
    reference: 'Kumbukumbu ya muamala ya benki',
    depositorReference: 'Kumbukumbu ya aliyeweka pesa (si lazima)',
    narrative: 'Maelezo (si lazima)',
  },
  saveColumns: 'Hifadhi safu',
  account: 'Akaunti ya benki',
  file: 'Faili la taarifa (.csv au .xlsx)',
  import: 'Ingiza taarifa',
  importing: 'Inaingiza',
  result:
    'Risiti {{receipts}} ({{receiptsAmount}}), zisizolingana {{unmatched}} ({{unmatchedAmount}}), zilizoingizwa tayari {{already}}, safu {{skipped}} zisizo za pesa zilizoingia.',
  problemsTitle: 'Hakuna kilichoingizwa: rekebisha safu hizi kisha uingize faili tena.',
  problem: 'Safu {{line}}, {{reference}}: {{reason}}',
  deposits: 'Pesa zilizoingizwa',
  noDeposits: 'Bado hakuna kilichoingizwa kwenye akaunti hii.',
  columnsTable: {
    day: 'Tarehe',
    reference: 'Kumbukumbu',
    accountReference: 'Kumbukumbu ya aliyeweka',
    amount: 'Kiasi',
    outcome: 'Matokeo',
  },
  receipt: 'Risiti {{receiptNo}}',
  unmatched: 'Yasiyolingana',
  notRent: 'Imewekwa kando: si kodi',
};
