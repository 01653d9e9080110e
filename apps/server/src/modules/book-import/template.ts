import { BOOK_COLUMNS, BOOK_SHEETS, en, sw, type BookColumn, type BookSheet, type Language } from '@makazi/domain';
import ExcelJS from 'exceljs';

type Rule = keyof typeof en.bookImport.rules;

/** Each column's rule, written as the header cell's note. */
const RULES: Record<BookColumn, Rule> = {
  first_name: 'name',
  last_name: 'name',
  phone: 'phone',
  email: 'email',
  id_number: 'idNumber',
  kra_pin: 'kraPin',
  balance_owed: 'money',
  property_name: 'text',
  landlord_phone: 'landlordPhone',
  rental_units: 'units',
  county: 'text',
  town: 'text',
  area_estate: 'text',
  house_number: 'text',
  description: 'text',
  rent: 'moneyRequired',
  deposit: 'moneyRequired',
  tenant_phone: 'tenantPhone',
  start_date: 'date',
  employer: 'info',
  business: 'info',
  next_of_kin_name: 'kinName',
  next_of_kin_phone: 'kinPhone',
  rent_arrears: 'money',
  water_arrears: 'money',
  other_arrears: 'money',
  deposit_held: 'money',
  credit_held: 'credit',
  last_reading: 'reading',
  service_charge: 'serviceCharge',
  service_charge_arrears: 'serviceChargeArrears',
  effective_from: 'effectiveFrom',
  commission_percent: 'commission',
  fixed_fee: 'fixedFee',
  payout_method: 'payoutMethod',
  payout_bank: 'payoutBank',
  payout_account: 'payoutAccount',
  payout_phone: 'payoutPhone',
  remittance_day: 'remittanceDay',
};
/** The tenancy sheet's rent and deposit may be left to the house's. */
const TENANCY_RULES: Partial<Record<BookColumn, Rule>> = { rent: 'rentOrHouse', deposit: 'rentOrHouse', property_name: 'propertyName', house_number: 'houseNumber' };
const SHEET_RULES: Partial<Record<BookSheet, Partial<Record<BookColumn, Rule>>>> = { tenancies: TENANCY_RULES, agreements: { property_name: 'agreementProperty' } };

/** One example row per sheet that goes in as it is: a landlord, their property, a house, its tenant and tenancy, and its meter. */
function example(sheet: BookSheet, c: typeof en.bookImport): Record<string, string | number> {
  const e = c.example;
  switch (sheet) {
    case 'landlords':
      return { first_name: e.first_name, last_name: e.last_name, phone: '0722555111', email: 'wanjiru@example.com', id_number: '12345678', kra_pin: 'A123456789B', balance_owed: 15000 };
    case 'properties':
      return { property_name: e.property_name, landlord_phone: '0722555111', rental_units: 12, county: e.county, town: e.town, area_estate: e.area_estate, service_charge: 1500 };
    case 'houses':
      return { property_name: e.property_name, house_number: 'A1', description: e.description, rent: 20000, deposit: 20000 };
    case 'tenants':
      return { first_name: e.tenant_first, last_name: e.tenant_last, phone: '0733444222', email: '', id_number: '23456789', kra_pin: 'A987654321Z' };
    case 'tenancies':
      return {
        property_name: e.property_name,
        house_number: 'A1',
        tenant_phone: '0733444222',
        start_date: '01/03/2024',
        rent: '',
        deposit: '',
        employer: e.employer,
        business: e.business,
        next_of_kin_name: e.next_of_kin_name,
        next_of_kin_phone: '0711222333',
        rent_arrears: 12000,
        service_charge_arrears: 3000,
        water_arrears: 0,
        other_arrears: 0,
        deposit_held: 20000,
        credit_held: 0,
      };
    case 'meters':
      return { property_name: e.property_name, house_number: 'A1', last_reading: 1234 };
    case 'agreements':
      return {
        property_name: e.property_name,
        effective_from: '01/03/2024',
        commission_percent: 10,
        fixed_fee: '',
        payout_method: 'bank',
        payout_bank: e.payout_bank,
        payout_account: '0123456789',
        payout_phone: '',
        remittance_day: 10,
      };
  }
}

/** The template: a sheet per record kind, headers in the language asked, each header's rule in its note, one example row. */
export async function templateWorkbook(lang: Language): Promise<Buffer> {
  const c = lang === 'sw' ? sw.bookImport : en.bookImport;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Makazi';
  for (const sheet of BOOK_SHEETS) {
    const ws = workbook.addWorksheet(c.sheets[sheet]);
    const columns = BOOK_COLUMNS[sheet] as readonly BookColumn[];
    ws.columns = columns.map((column) => ({ header: c.columns[column], key: column, width: Math.max(14, c.columns[column].length + 4) }));
    const sample = example(sheet, c as typeof en.bookImport);
    ws.addRow(columns.map((column) => sample[column] ?? ''));
    columns.forEach((column, i) => {
      const cell = ws.getRow(1).getCell(i + 1);
      cell.font = { bold: true };
      cell.note = c.rules[SHEET_RULES[sheet]?.[column] ?? RULES[column]];
      // Phones, ID numbers and dates stay text: a spreadsheet would drop a phone's leading 0.
      if (/phone|id_number|start_date|effective_from|house_number|payout_account/.test(column)) ws.getColumn(i + 1).numFmt = '@';
    });
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
