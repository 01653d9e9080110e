import type { Catalogue } from '../catalogue';

export const ledger: Catalogue['ledger'] = {
  accounts: {
    Rent: 'Kodi',
    Deposit: 'Amana',
    Penalty: 'Faini',
    Water: 'Maji',
    Garbage: 'Taka',
    Service: 'Huduma',
    Security: 'Ulinzi',
  },
  details: {
    deposit: 'Amana',
    depositAdjustment: 'Amana inayodaiwa imewekwa sawa na amana iliyoshikiliwa mwisho wa upangaji',
    rentPaidAtEnd: 'Kodi iliyolipwa mwisho wa upangaji',
    rentFor: 'Kodi ya {{month}}',
    penaltyFor: 'Faini ya kuchelewa kulipa ya {{month}}',
    depositRefundPaidBack: 'Marejesho ya amana: {{details}} ({{amount}} zimerejeshwa kutoka kwenye amana iliyoshikiliwa)',
    depositRefund: 'Marejesho ya amana: {{details}}',
    creditRefund: 'Marejesho ya malipo ya ziada: {{details}}',
    penaltyWaived: 'Faini imefutwa: {{reason}}',
    reversalOfTransaction: 'Ubatilishaji wa muamala {{id}}: {{reason}}',
    reversalOf: 'Ubatilishaji wa {{receipt}}: {{reason}}',
    chargeFor: '{{name}} ya {{month}}',
  },
};
