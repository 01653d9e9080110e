/** The accountant's export: the month's journal as a CSV, and the agency's chart of accounts. */
export const ledgerExportScreens = {
  title: "Accountant's export",
  intro:
    "The month's journal as a general-ledger CSV, each entry balanced, in a plain layout or the layouts QuickBooks Online (Journal Entries) and Xero (Manual Journals) import.",
  month: 'Month (YYYY-MM)',
  layout: 'Layout',
  layouts: { general: 'General ledger', quickbooks: 'QuickBooks Online', xero: 'Xero' },
  download: 'Download CSV',
  chart: 'Chart of accounts',
  chartHelp: "Your accountant's code and name for each account of the journal. QuickBooks reads the name, Xero the code and the VAT rate.",
  account: 'Journal account',
  code: 'Code',
  name: 'Name',
  taxRate: 'VAT rate (Xero)',
  save: 'Save chart of accounts',
};
