import type { Catalogue } from '../catalogue';

/** Foleni ya matengenezo ya ofisi: matatizo ambayo wapangaji waliripoti kupitia viungo vyao. */
export const maintenance: Catalogue['maintenance'] = {
  title: 'Matengenezo',
  status: 'Hali',
  all: 'Zote',
  failed: 'Hitilafu imetokea. Jaribu tena baadaye',
  loading: 'Inapakia',
  none: 'Hakuna maombi ya matengenezo.',
  noneWith: 'Hakuna maombi ya matengenezo yenye hali: {{status}}.',
  request: 'Ombi {{id}}',
  photoAlt: 'Ombi {{id}}, picha {{n}}',
  loadingPhoto: 'Picha inapakia',
  place: '{{category}} · {{house}}, {{property}}',
  reportedToday: 'limeripotiwa leo',
  age_one: 'siku {{count}} iliyopita',
  age_other: 'siku {{count}} zilizopita',
  assignedTo: 'Amekabidhiwa',
  contractor: 'Au fundi wa nje',
  comment: 'Maoni',
  somethingWrong: 'Hitilafu imetokea',
  save: 'Hifadhi',
  mark: {
    in_progress: 'Weka inaendelea',
    done: 'Weka imekamilika',
    declined: 'Weka imekataliwa',
  },
  cost: {
    legend: 'Gharama ya matengenezo',
    amount: 'Gharama (KSh)',
    paidTo: 'Amelipwa',
    datePaid: 'Tarehe ya malipo',
    record: 'Rekodi gharama kama matumizi ya mali',
    recorded: 'Gharama imerekodiwa kama matumizi {{id}}: {{amount}}, {{status}}.',
    statuses: {
      posted: 'imelipwa kutoka kwa pesa za mwenye nyumba',
      awaiting_approval: 'inasubiri idhini ya mwenye nyumba',
      rejected: 'imekataliwa na mwenye nyumba',
      reversed: 'imebatilishwa',
    },
  },
  daraja: {
    title: 'Lipa sasa (STK Push)',
    configured:
      'Imewekwa kwa shortcode {{shortcode}}, ilibadilishwa mwisho {{when}}. Weka siri zote tatu tena ili kuzibadilisha.',
    intro:
      'Kutoka kwa programu yako ya Daraja (developer.safaricom.co.ke): shortcode, passkey, consumer key na consumer secret. Kisha wapangaji hulipa kupitia kiungo chao kwa Lipa sasa.',
    shortcode: 'Shortcode',
    consumerKey: 'Consumer key',
    consumerSecret: 'Consumer secret',
    passkey: 'Passkey',
    save: 'Hifadhi mipangilio ya Daraja',
    callback: 'Daraja hutuma majibu kwenye <code>{{url}}</code> (ifiche; weka PUBLIC_URL ili Safaricom iifikie).',
  },
};
