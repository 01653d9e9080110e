import type { Catalogue } from '../catalogue';

export const documents: Catalogue['documents'] = {
  statement: {
    title: 'Taarifa ya akaunti {{tenancyId}}',
    heading: 'Taarifa ya akaunti ya mpangaji',
    columns: {
      date: 'Tarehe',
      txn: 'Muamala',
      receipt: 'Risiti',
      account: 'Akaunti',
      details: 'Maelezo',
      debit: 'Deni',
      credit: 'Malipo',
      balance: 'Salio',
    },
    tenant: 'Mpangaji',
    tenantValue: '{{name}} (mteja {{clientNo}})',
    house: 'Nyumba',
    tenancy: 'Upangaji',
    tenancyFrom: '{{tenancyId}}, kuanzia {{start}}',
    tenancyFromTo: '{{tenancyId}}, kuanzia {{start}} hadi {{end}}',
    rent: 'Kodi',
    rentValue: '{{rent}} kwa mwezi',
    deposit: 'Amana',
    depositValue: '{{held}} imeshikiliwa, {{owed}} bado inadaiwa',
    period: 'Kipindi',
    periodValue: '{{from}} hadi {{to}}',
    noTransactions: 'Hakuna miamala',
    printed: 'Imechapishwa',
    balanceDue: 'Salio linalodaiwa: {{balance}}',
  },
  receiptNotice: {
    subject: 'Risiti {{receiptNo}}',
    text: '{{agency}}: risiti {{receiptNo}} ya {{amount}} imepokelewa. Salio sasa ni {{balance}}. Asante.',
  },
};
