import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { Language } from '../i18n/languages';
import { AgreementRequest, KRA_PIN_PATTERN, LANDLORD_MESSAGES } from '../landlord/agreement';
import { MoneyAmount } from '../properties/property';
import { BOOKING_MESSAGES } from '../tenancies/tenancy-messages';
import { EMAIL_MESSAGES, EMAIL_PATTERN, nameField, phoneField } from '../validation/fields';
import { BOOK_IMPORT_MESSAGES } from './messages';

/** 20 MB: the most an upload may be (an agency of 5,000 tenancies is about 1 MB). */
export const BOOK_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows of all sheets together. */
export const BOOK_IMPORT_MAX_ROWS = 100_000;
/** What a workbook may open to: its XML is about ten times its zipped size; far more is a zip bomb. */
export const BOOK_IMPORT_MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/** The problems a preview lists (it counts them all). */
export const BOOK_IMPORT_MAX_PROBLEMS = 500;

export const BOOK_SHEETS = ['landlords', 'properties', 'houses', 'tenants', 'tenancies', 'meters', 'agreements'] as const;
export type BookSheet = (typeof BOOK_SHEETS)[number];

/** Each sheet's columns in the template's order; the headers and rules a person reads are catalogue keys (bookImport.columns.*, bookImport.rules.*). */
export const BOOK_COLUMNS = {
  landlords: ['first_name', 'last_name', 'phone', 'email', 'id_number', 'kra_pin', 'balance_owed'],
  properties: ['property_name', 'landlord_phone', 'rental_units', 'county', 'town', 'area_estate', 'service_charge'],
  houses: ['property_name', 'house_number', 'description', 'rent', 'deposit'],
  tenants: ['first_name', 'last_name', 'phone', 'email', 'id_number', 'kra_pin'],
  tenancies: [
    'property_name',
    'house_number',
    'tenant_phone',
    'start_date',
    'rent',
    'deposit',
    'employer',
    'business',
    'next_of_kin_name',
    'next_of_kin_phone',
    'rent_arrears',
    'service_charge_arrears',
    'water_arrears',
    'other_arrears',
    'deposit_held',
    'credit_held',
  ],
  meters: ['property_name', 'house_number', 'last_reading'],
  /** The landlord's management agreement for a property: the agreement form's essentials. */
  agreements: [
    'property_name',
    'effective_from',
    'commission_percent',
    'fixed_fee',
    'payout_method',
    'payout_bank',
    'payout_account',
    'payout_phone',
    'remittance_day',
  ],
} as const satisfies Record<BookSheet, readonly string[]>;
export type BookColumn = (typeof BOOK_COLUMNS)[BookSheet][number];

/** Columns a row may leave empty. */
export const OPTIONAL_COLUMNS: ReadonlySet<string> = new Set([
  'email',
  'kra_pin',
  'balance_owed',
  'rent',
  'deposit',
  'employer',
  'business',
  'next_of_kin_name',
  'next_of_kin_phone',
  'rent_arrears',
  'service_charge_arrears',
  'water_arrears',
  'other_arrears',
  'deposit_held',
  'credit_held',
  'service_charge',
  'fixed_fee',
  'payout_bank',
  'payout_account',
  'payout_phone',
]);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const dayOf = (y: number, m: number, d: number) => {
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d || y < 1900) return null;
  return day.toISOString().slice(0, 10);
};

/**
 * A date as people type it in Kenya: DD/MM/YYYY (never the American month
 * first), YYYY-MM-DD or D MMM YYYY ('5 Jan 2025'); 'YYYY-MM-DD' or null.
 */
export function parseSheetDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return dayOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[\s-]([A-Za-z]{3,9})[\s-](\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
    if (month >= 0) return dayOf(Number(m[3]), month + 1, Number(m[1]));
  }
  return null;
}

const text = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, 'Too long');
const optionalText = (schema: z.ZodType<string>) => z.string().transform((v, ctx) => {
  if (v.trim() === '') return '';
  const r = schema.safeParse(v);
  if (!r.success) {
    ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message });
    return z.NEVER;
  }
  return r.data;
});
/** An amount that may be left empty (nothing); the form's rule when given. */
const optionalMoney = (message: string) => z.string().transform((v, ctx) => {
  if (v.trim() === '') return 0;
  const r = MoneyAmount(message).safeParse(v);
  if (!r.success) {
    ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message });
    return z.NEVER;
  }
  return r.data;
});
const email = optionalText(z.string().trim().max(254, EMAIL_MESSAGES.invalid).regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid).transform((e) => e.toLowerCase()));
const idNumber = z
  .string()
  .trim()
  .min(1, BOOKING_MESSAGES.idRequired)
  .regex(/^\d*$/, 'Id number must be digits')
  .refine((v) => v.length >= LIMITS.idNumberMin && v.length <= LIMITS.idNumberMax, 'Id must be 6 to 8 digits');
const kraPin = (message: string) => optionalText(z.string().trim().transform((p) => p.toUpperCase()).pipe(z.string().regex(KRA_PIN_PATTERN, message)));
const sheetDay = z.string().transform((v, ctx) => {
  const day = parseSheetDate(v);
  if (day === null) {
    ctx.addIssue({ code: 'custom', message: BOOK_IMPORT_MESSAGES.dateInvalid });
    return z.NEVER;
  }
  return day;
});
/** The agreement sheet's columns, each the agreement form's field: its rules and messages are the form's. */
const AGREEMENT_FIELDS = {
  effective_from: 'EffectiveFrom',
  commission_percent: 'CommissionPercent',
  fixed_fee: 'FixedFee',
  payout_method: 'PayoutMethod',
  payout_bank: 'PayoutBank',
  payout_account: 'PayoutAccount',
  payout_phone: 'PayoutPhone',
  remittance_day: 'RemittanceDay',
} as const;
const PAYOUT_METHODS: Record<string, 'bank' | 'mpesa'> = { bank: 'bank', benki: 'bank', mpesa: 'mpesa', 'm-pesa': 'mpesa' };
const agreementRow = z
  .object({
    property_name: text('Property name is required'),
    effective_from: sheetDay,
    commission_percent: z.string(),
    fixed_fee: z.string(),
    payout_method: z.string(),
    payout_bank: z.string(),
    payout_account: z.string(),
    payout_phone: z.string(),
    remittance_day: z.string(),
  })
  .transform((r, ctx) => {
    const form = AgreementRequest.safeParse({
      managingAgentId: 1,
      PropId: 1,
      EffectiveFrom: r.effective_from,
      CommissionPercent: r.commission_percent.trim().replace(/%$/, ''),
      FixedFee: r.fixed_fee.trim() === '' ? undefined : r.fixed_fee,
      PayoutMethod: PAYOUT_METHODS[r.payout_method.trim().toLowerCase()] ?? r.payout_method,
      PayoutBank: r.payout_bank,
      PayoutAccount: r.payout_account,
      PayoutPhone: r.payout_phone,
      RemittanceDay: r.remittance_day.trim() === '' ? undefined : r.remittance_day,
    });
    if (form.success) return { property_name: r.property_name, ...form.data };
    const columnOf = Object.fromEntries(Object.entries(AGREEMENT_FIELDS).map(([column, field]) => [field, column]));
    for (const issue of form.error.issues) ctx.addIssue({ code: 'custom', path: [columnOf[String(issue.path[0])] ?? 'property_name'], message: issue.message });
    return z.NEVER;
  });
const between = (min: number, max: number, short: string, long: string) => z.string().trim().min(min, short).max(max, long);

/** The hand-entry forms' rules, column by column, with their messages. */
export const BOOK_ROW_SCHEMAS = {
  landlords: z.object({
    first_name: nameField(),
    last_name: nameField(),
    phone: phoneField(),
    email,
    id_number: optionalText(idNumber),
    kra_pin: kraPin(BOOK_IMPORT_MESSAGES.pinInvalid),
    balance_owed: optionalMoney('Enter an amount'),
  }),
  properties: z.object({
    property_name: text('Property name is required'),
    landlord_phone: phoneField(),
    rental_units: z.coerce
      .number({ error: 'Rental units are required' })
      .int('Rental units must be a whole number')
      .min(1, 'Rental units are required')
      .max(10_000, 'Too many rental units'),
    county: text('County is required'),
    town: text('Town is required'),
    area_estate: text('Area/Estate is required'),
    /** The property's monthly service charge: the import makes it a recurring charge, as the charges form does. */
    service_charge: optionalMoney('Enter an amount'),
  }),
  houses: z.object({
    property_name: text('Property name is required'),
    house_number: text('House number is required'),
    description: text('Description is required'),
    rent: MoneyAmount('Rent is required'),
    deposit: MoneyAmount('Deposit is required'),
  }),
  tenants: z.object({
    first_name: nameField(),
    last_name: nameField(),
    phone: phoneField(),
    email,
    id_number: idNumber,
    /** The client form's rule and message (decision 055). */
    kra_pin: kraPin(LANDLORD_MESSAGES.pinInvalid),
  }),
  tenancies: z.object({
    property_name: text('Property name is required'),
    house_number: text('House number is required'),
    tenant_phone: phoneField(),
    start_date: sheetDay,
    rent: optionalMoney('Rent is required'),
    deposit: optionalMoney('Deposit is required'),
    employer: optionalText(between(LIMITS.employerMin, LIMITS.employerMax, BOOKING_MESSAGES.infoShort, BOOKING_MESSAGES.infoLong)),
    business: optionalText(between(LIMITS.employerMin, LIMITS.employerMax, BOOKING_MESSAGES.infoShort, BOOKING_MESSAGES.infoLong)),
    next_of_kin_name: optionalText(z.string().trim().min(LIMITS.nextOfKinNameMin, 'Name is too short').max(60, 'Name is too long')),
    next_of_kin_phone: optionalText(phoneField()),
    rent_arrears: optionalMoney('Enter an amount'),
    service_charge_arrears: optionalMoney('Enter an amount'),
    water_arrears: optionalMoney('Enter an amount'),
    other_arrears: optionalMoney('Enter an amount'),
    deposit_held: optionalMoney('Enter an amount'),
    credit_held: optionalMoney('Enter an amount'),
  }),
  meters: z.object({
    property_name: text('Property name is required'),
    house_number: text('House number is required'),
    last_reading: z.string().transform((v, ctx) => {
      const n = Number(v.trim().replace(/,/g, ''));
      if (v.trim() === '' || !Number.isInteger(n) || n < 0 || n > 999_999_999) {
        ctx.addIssue({ code: 'custom', message: BOOK_IMPORT_MESSAGES.numberInvalid });
        return z.NEVER;
      }
      return n;
    }),
  }),
  agreements: agreementRow,
} satisfies Record<BookSheet, z.ZodType>;
export type BookRow<S extends BookSheet> = z.output<(typeof BOOK_ROW_SCHEMAS)[S]>;

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();

export const BookTemplateQuery = z.object({ managingAgentId: agentId, lang: Language.optional() });
/** The file itself is the body; its name says .xlsx or .csv when its bytes do not. */
export const BookUploadQuery = z.object({
  managingAgentId: agentId,
  name: z.string().trim().max(255).optional(),
  /** A CSV holds one sheet: which, when its headers do not say. */
  sheet: z.enum(BOOK_SHEETS).optional(),
});
export const BookAgentQuery = z.object({ managingAgentId: agentId });

/** A layout other than the template's: for each column of a sheet, the header the agency's file gives it. */
export const BookMappingRequest = z.object({
  managingAgentId: agentId,
  Sheet: z.enum(BOOK_SHEETS),
  Columns: z.record(z.string().max(40), z.string().trim().max(100)),
});
export type BookMappingRequest = z.input<typeof BookMappingRequest>;
export const BookMappings = z.array(z.object({ Sheet: z.enum(BOOK_SHEETS), Columns: z.record(z.string(), z.string()) }));
export type BookMappings = z.infer<typeof BookMappings>;

export const BookProblem = z.object({
  Sheet: z.enum(BOOK_SHEETS),
  /** The row as the spreadsheet numbers it (the header is row 1). */
  Row: z.number(),
  Column: z.string(),
  Value: z.string(),
  Message: z.string(),
});
export type BookProblem = z.infer<typeof BookProblem>;

export const BookMatch = z.object({ Sheet: z.enum(BOOK_SHEETS), Row: z.number(), Record: z.string(), By: z.string() });
export type BookMatch = z.infer<typeof BookMatch>;

export const BookSheetCount = z.object({ Sheet: z.enum(BOOK_SHEETS), Rows: z.number(), Create: z.number(), Match: z.number() });

export const BookPreview = z.object({
  Sheets: z.array(BookSheetCount),
  Problems: z.array(BookProblem),
  ProblemCount: z.number(),
  Matches: z.array(BookMatch),
  /** Opening balances the confirm would enter; those of records entered before are left as they are. */
  Balances: z.object({ Tenancies: z.number(), Landlords: z.number(), Meters: z.number(), AlreadyEntered: z.number() }),
  /** The columns found on each sheet with no template column for them (a mapping can name them). */
  Unmapped: z.array(z.object({ Sheet: z.enum(BOOK_SHEETS), Headers: z.array(z.string()) })),
});
export type BookPreview = z.infer<typeof BookPreview>;

export const BookImported = z.object({
  message: z.string(),
  Created: z.object({ Landlords: z.number(), Properties: z.number(), Houses: z.number(), Tenants: z.number(), Tenancies: z.number() }),
  Balances: z.object({ Tenancies: z.number(), Landlords: z.number(), Meters: z.number() }),
});
export type BookImported = z.infer<typeof BookImported>;

export const BOOK_STAGES = ['idle', 'reading', 'checking', 'writing', 'balances', 'done'] as const;
export const BookProgress = z.object({ Stage: z.enum(BOOK_STAGES), Done: z.number(), Total: z.number() });
export type BookProgress = z.infer<typeof BookProgress>;
