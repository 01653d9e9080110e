import type { Catalogue } from '../catalogue';

export const mpesa: Catalogue['mpesa'] = {
  title: 'M-Pesa',
  failed: 'Hitilafu imetokea. Jaribu tena baadaye',
  loading: 'Inapakia',
  tabs: {
    queue: 'Malipo yasiyolingana',
    paybill: 'Paybill',
    statement: 'Kuingiza taarifa',
    reconciliation: 'Ulinganisho',
  },
  columns: {
    code: 'Msimbo wa M-Pesa',
    time: 'Saa',
    phone: 'Simu',
    name: 'Jina',
    accountNumber: 'Nambari ya akaunti',
    amount: 'Kiasi',
  },
  queue: {
    title: 'Malipo yasiyolingana',
    allMatched: 'Malipo yote ya M-Pesa yamelingana.',
    accountTyped: 'Nambari ya akaunti iliyoandikwa',
    accountTypedValue: 'Nambari ya akaunti iliyoandikwa: <b>{{value}}</b>',
    action: 'Panga au weka kando',
    row: 'Malipo {{code}}',
    tenancyId: 'Nambari ya Upangaji',
    assign: 'Panga',
    note: 'Maelezo',
    notRent: 'Si kodi',
    assigned: '{{message}}: {{receiptNo}}',
  },
  paybill: {
    title: 'Paybill',
    number: 'Nambari ya Paybill',
    strict: 'Ukaguzi mkali: kataa malipo ambayo nambari ya akaunti hailingani na upangaji wowote',
    allowedIps: 'Anwani za callback zinazoruhusiwa',
    allowedIpsHelp:
      'Si lazima. Anwani za IP za callback za Safaricom, zikitenganishwa kwa koma; ikiachwa tupu inakubali yoyote.',
    save: 'Hifadhi Paybill',
    rotate: 'Tengeneza URL mpya za callback',
    rotated: 'URL mpya za callback zimetengenezwa; zisajili kwa Safaricom',
    callbackUrls: 'URL za callback',
    ledgerIntro:
      'Malipo yanaingia kwenye leja ya <b>{{ledger}}</b>. Sajili hizi kwa C2B Register URL ya Daraja (ziweke siri):',
    validationUrl: 'URL ya uthibitishaji (Validation)',
    confirmationUrl: 'URL ya kukiri malipo (Confirmation)',
    accountHelp:
      'Wapangaji hulipa wakitumia nambari ya upangaji wao, au msimbo wa jengo na nambari ya nyumba (kwa mfano 101-A4), kama nambari ya akaunti.',
  },
  statement: {
    label: 'Kuingiza taarifa',
    title: 'Ingiza taarifa ya Paybill',
    file: 'Taarifa (CSV kutoka kwenye tovuti ya shirika ya M-Pesa)',
    preview: 'Hakiki',
    import_one: 'Ingiza malipo {{count}}',
    import_other: 'Ingiza malipo {{count}}',
    progress: 'Maendeleo ya kuingiza',
    reading: 'Inasoma faili',
    checking: 'Inakagua kila malipo',
    checked: 'Imekaguliwa: hakuna kinachowekwa hadi uingize',
    posting: 'Inaweka risiti',
    imported: 'Imeingizwa',
    previewLabel: 'Uhakiki',
    summary:
      'Yamelingana: {{matched}} ({{matchedAmount}}) · Hayajalingana: {{unmatched}} ({{unmatchedAmount}}) · Yalikuwa yamerekodiwa: {{already}} · Si pesa iliyoingia: {{skipped}}',
    problem: 'Mstari {{line}} {{code}}: {{reason}}',
    outcome: 'Matokeo',
    accountNumberValue: 'Nambari ya akaunti: <b>{{value}}</b>',
    outcomeValue: 'Matokeo: <b>{{value}}</b>',
    outcomes: {
      matched: 'upangaji {{id}}',
      unmatched: 'hayajalingana',
      alreadyRecorded: 'yalikuwa yamerekodiwa',
    },
    result_one:
      'Risiti {{count}} imewekwa; malipo {{unmatched}} yanasubiri kwenye foleni ya yasiyolingana; {{already}} yalikuwa yamerekodiwa.',
    result_other:
      'Risiti {{count}} zimewekwa; malipo {{unmatched}} yanasubiri kwenye foleni ya yasiyolingana; {{already}} yalikuwa yamerekodiwa.',
  },
  reconciliation: {
    title: 'Ulinganisho',
    from: 'Kuanzia',
    to: 'Hadi',
    totals: 'Jumla',
    received: 'Yaliyopokelewa na M-Pesa',
    posted: 'Yaliyowekwa kwa upangaji',
    difference: 'Tofauti',
    counts: 'Yamelingana · hayajalingana · si kodi · callback zilizokataliwa',
    balanced: 'Inalingana',
    differences: 'Tofauti',
    receivedColumn: 'Yaliyopokelewa',
    postedColumn: 'Yaliyowekwa',
    why: 'Sababu',
    status: {
      matched: 'yamelingana',
      unmatched: 'hayajalingana',
      notRent: 'si kodi',
    },
    statusNote: '{{status}}: {{note}}',
  },
};

/** Maneno ya skrini za M-Pesa yaliyoongezwa (issue 19). */
export const mpesaScreens: Catalogue['mpesaScreens'] = {
  clearFile: 'Ondoa faili uliyochagua',
};
