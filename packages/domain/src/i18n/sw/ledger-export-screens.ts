import type { Catalogue } from '../catalogue';

export const ledgerExportScreens: Catalogue['ledgerExportScreens'] = {
  title: 'Faili la mhasibu',
  intro:
    'Leja ya mwezi kama CSV ya leja kuu, kila muamala ukiwa na salio sawa, kwa mpangilio wa kawaida au mipangilio ambayo QuickBooks Online (Journal Entries) na Xero (Manual Journals) huingiza.',
  month: 'Mwezi (YYYY-MM)',
  layout: 'Mpangilio',
  layouts: { general: 'Leja kuu', quickbooks: 'QuickBooks Online', xero: 'Xero' },
  download: 'Pakua CSV',
  chart: 'Orodha ya akaunti',
  chartHelp: 'Msimbo na jina ambalo mhasibu wako anatumia kwa kila akaunti ya leja. QuickBooks husoma jina, Xero husoma msimbo na kiwango cha VAT.',
  account: 'Akaunti ya leja',
  code: 'Msimbo',
  name: 'Jina',
  taxRate: 'Kiwango cha VAT (Xero)',
  save: 'Hifadhi orodha ya akaunti',
};
