import {
  ANSWER_MESSAGES,
  BOOK_COLUMNS,
  BOOK_IMPORT_MAX_PROBLEMS,
  BOOK_IMPORT_MESSAGES,
  BOOK_ROW_SCHEMAS,
  BOOK_SHEETS,
  OPTIONAL_COLUMNS,
  TENANCY_MESSAGES,
  en,
  sw,
  type BookImported,
  type BookMatch,
  type BookPreview,
  type BookProblem,
  type BookProgress,
  type BookRow,
  type BookSheet,
  type Language,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db, DbOrTx, Tx } from '../../db/database';
import type { Statistics } from '../../db/statistics';
import { Conflict, Invalid } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { goLiveMonth, lockGoLive } from '../invoicing/repository';
import { landlordsForOpening } from '../opening-balances/repository';
import type { OpeningBalanceService } from '../opening-balances/service';
import { readBook, type RawSheet } from './read';
import * as repo from './repository';
import { templateWorkbook } from './template';

const headerKey = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ');
const sheetLabel = (sheet: BookSheet) => [sheet, en.bookImport.sheets[sheet], sw.bookImport.sheets[sheet]].map(headerKey);

/** A sheet read against the template: each row's cells by column, the headers nothing maps. */
interface MappedSheet {
  sheet: BookSheet;
  rows: { row: number; cells: Record<string, string> }[];
  unmapped: string[];
}

type Parsed = { [S in BookSheet]: { row: number; raw: Record<string, string>; value: BookRow<S> | null }[] };

/** The template's sheet a file's sheet is: by its name, else by the columns its headers give. */
function mapSheets(raw: RawSheet[], saved: Map<string, Record<string, string>>, asked?: BookSheet): MappedSheet[] {
  const mapped: MappedSheet[] = [];
  for (const s of raw) {
    const headers = s.headers.map(headerKey);
    const columnsOf = (sheet: BookSheet) => {
      const mine = saved.get(sheet) ?? {};
      return BOOK_COLUMNS[sheet].map((column) => {
        const names = [column, en.bookImport.columns[column], sw.bookImport.columns[column], mine[column] ?? ''].map(headerKey).filter(Boolean);
        return { column, at: headers.findIndex((h) => names.includes(h)) };
      });
    };
    let sheet = asked ?? BOOK_SHEETS.find((k) => sheetLabel(k).includes(headerKey(s.name)));
    if (!sheet) {
      // By its columns: the sheet whose required columns are all there, the one with most of them found.
      const fits = BOOK_SHEETS.map((k) => ({ k, cols: columnsOf(k) }))
        .filter(({ cols }) => cols.every((c) => c.at >= 0 || OPTIONAL_COLUMNS.has(c.column)))
        .sort((a, b) => b.cols.filter((c) => c.at >= 0).length - a.cols.filter((c) => c.at >= 0).length);
      sheet = fits[0]?.k;
    }
    if (!sheet) throw new Invalid(BOOK_IMPORT_MESSAGES.unknownSheet);
    const cols = columnsOf(sheet);
    const used = new Set(cols.map((c) => c.at));
    mapped.push({
      sheet,
      unmapped: s.headers.filter((h, i) => h !== '' && !used.has(i)),
      rows: s.rows.map((r) => ({ row: r.row, cells: Object.fromEntries(cols.map((c) => [c.column, c.at >= 0 ? (r.cells[c.at] ?? '') : ''])) })),
    });
  }
  return mapped;
}

const phoneKey = (p: string) => p;
const nameKey = (n: string) => n.trim().toLowerCase().replace(/\s+/g, ' ');
const houseKey = (property: string, house: string) => `${nameKey(property)}\u001f${nameKey(house)}`;

/** The day a tenancy started, as a moment: midnight in Nairobi. */
const startOf = (day: string) => new Date(`${day}T00:00:00+03:00`).toISOString();

/**
 * Everything the file would do, found before anything is written: each row
 * checked with the hand-entry forms' rules, the records it matches, what it
 * creates. Confirm recomputes it in its transaction and writes it.
 */
interface Plan {
  problems: BookProblem[];
  matches: BookMatch[];
  counts: { sheet: BookSheet; rows: number; create: number; match: number }[];
  unmapped: { Sheet: BookSheet; Headers: string[] }[];
  landlords: { key: string; row: BookRow<'landlords'>; clientNo: number | null }[];
  properties: { key: string; row: BookRow<'properties'>; propId: number | null; landlordKey: string }[];
  houses: { key: string; row: BookRow<'houses'>; houseId: number | null; propertyKey: string }[];
  tenants: { key: string; row: BookRow<'tenants'>; clientNo: number | null }[];
  tenancies: { key: string; row: BookRow<'tenancies'>; tenancyId: number | null; standing: boolean; houseKey: string; tenantKey: string; rentCents: number; depositCents: number }[];
  meters: { row: BookRow<'meters'>; houseKey: string }[];
  agreements: { row: BookRow<'agreements'>; propertyKey: string }[];
  /** Each property's service charge already on Makazi, by its name key. */
  serviceCharges: Map<string, number>;
  existingClients: Map<string, number>;
  existingIdNumbers: Map<number, string | null>;
  existingProps: Map<string, number>;
  existingHouses: Map<string, { houseId: number; rentCents: number | null; tenancyId: number | null; clientNo: number | null; standing: number }>;
  landlordsEntered: Set<number>;
  metersRead: Set<number>;
  goLive: string | null;
}

/** The tables the opening entries fill, analysed in the import's transaction before credit and collections read them. */
const ENTRY_TABLES = ['journal_transactions', 'journal_lines', 'tenancy_balances', 'tenancy_rent_charges', 'tenancy_rent_lines'];
/** Every table an import writes many rows into: their triggers' checks join them, so their plans need today's counts. */
const BOOK_TABLES = [
  ...new Set(['clients', 'landlord_tax_details', 'properties', 'houses', 'tenancies', ...ENTRY_TABLES, 'landlord_txns', 'landlord_lines']),
];

export function bookImportService({
  db,
  clock,
  openingBalances,
  statistics,
}: {
  db: Db;
  clock: Clock;
  openingBalances: OpeningBalanceService;
  statistics: Pick<Statistics, 'afterBulkWrite'>;
}) {
  const progress = new Map<number, BookProgress>();
  const report = (agentId: number, p: BookProgress) => progress.set(agentId, p);

  function parse(agentId: number, sheets: MappedSheet[]): { parsed: Parsed; problems: BookProblem[] } {
    const parsed = Object.fromEntries(BOOK_SHEETS.map((s) => [s, []])) as unknown as Parsed;
    const problems: BookProblem[] = [];
    const total = sheets.reduce((n, s) => n + s.rows.length, 0);
    let done = 0;
    for (const s of sheets) {
      const schema = BOOK_ROW_SCHEMAS[s.sheet];
      for (const r of s.rows) {
        const result = schema.safeParse(r.cells);
        if (result.success) (parsed[s.sheet] as { row: number; raw: Record<string, string>; value: unknown }[]).push({ row: r.row, raw: r.cells, value: result.data });
        else {
          (parsed[s.sheet] as { row: number; raw: Record<string, string>; value: unknown }[]).push({ row: r.row, raw: r.cells, value: null });
          const seen = new Set<string>();
          for (const issue of result.error.issues) {
            const column = String(issue.path[0] ?? '');
            if (seen.has(column)) continue;
            seen.add(column);
            problems.push({ Sheet: s.sheet, Row: r.row, Column: column, Value: r.cells[column] ?? '', Message: issue.message });
          }
        }
        if (++done % 1000 === 0) report(agentId, { Stage: 'checking', Done: done, Total: total });
      }
    }
    return { parsed, problems };
  }

  /** The plan, read against the agency's records (in the transaction that writes it, when confirming). */
  async function plan(tx: DbOrTx, agentId: number, sheets: MappedSheet[]): Promise<Plan> {
    const { parsed, problems } = parse(agentId, sheets);
    const problem = (Sheet: BookSheet, Row: number, Column: string, Value: string, Message: string) => problems.push({ Sheet, Row, Column, Value, Message });
    const matches: BookMatch[] = [];
    const goLive = await goLiveMonth(tx, agentId);

    // What is on Makazi already, each sheet's keys in one statement.
    const phones = [
      ...parsed.landlords.map((r) => r.value?.phone),
      ...parsed.properties.map((r) => r.value?.landlord_phone),
      ...parsed.tenants.map((r) => r.value?.phone),
      ...parsed.tenancies.map((r) => r.value?.tenant_phone),
    ].filter((p): p is string => Boolean(p));
    const pins = parsed.landlords.map((r) => r.value?.kra_pin).filter((p): p is string => Boolean(p));
    const clients = await repo.clientsByPhoneOrPin(tx, agentId, [...new Set(phones)], [...new Set(pins)]);
    const existingClients = new Map<string, number>();
    const byPin = new Map<string, number>();
    const existingIdNumbers = new Map<number, string | null>();
    for (const c of clients) {
      if (!existingClients.has(c.phone)) existingClients.set(c.phone, c.clientNo);
      if (c.kraPin) byPin.set(c.kraPin, c.clientNo);
      existingIdNumbers.set(c.clientNo, c.idNumber);
    }
    const names = [...parsed.properties, ...parsed.houses, ...parsed.tenancies, ...parsed.meters, ...parsed.agreements].map((r) => r.value?.property_name).filter((n): n is string => Boolean(n));
    const places = await repo.placesByName(tx, agentId, [...new Set(names.map(nameKey))]);
    const existingProps = new Map<string, number>();
    const existingHouses: Plan['existingHouses'] = new Map();
    for (const p of places) {
      if (!existingProps.has(p.nameKey)) existingProps.set(p.nameKey, p.propId);
      if (p.houseId !== null && p.numberKey !== null && existingProps.get(p.nameKey) === p.propId) {
        existingHouses.set(`${p.nameKey}\u001f${p.numberKey}`, { houseId: p.houseId, rentCents: p.rentCents, tenancyId: p.tenancyId, clientNo: p.clientNo, standing: p.standing });
      }
    }

    const propIdsKnown = [...new Set(existingProps.values())];
    const chargeOfProp = await repo.serviceCharges(tx, agentId, propIdsKnown);
    const serviceCharges = new Map([...existingProps].flatMap(([k, id]) => (chargeOfProp.has(id) ? [[k, chargeOfProp.get(id)!] as const] : [])));
    const counts: Plan['counts'] = [];
    const count = (sheet: BookSheet, rows: number, create: number) => counts.push({ sheet, rows, create, match: rows - create });

    // Landlords: matched by KRA PIN, else by phone.
    const landlords: Plan['landlords'] = [];
    const landlordKeys = new Set<string>();
    for (const r of parsed.landlords) {
      if (!r.value) continue;
      const key = phoneKey(r.value.phone);
      if (landlordKeys.has(key)) {
        problem('landlords', r.row, 'phone', r.raw.phone ?? '', BOOK_IMPORT_MESSAGES.listedTwice);
        continue;
      }
      landlordKeys.add(key);
      const byPinNo = r.value.kra_pin ? byPin.get(r.value.kra_pin) : undefined;
      const clientNo = byPinNo ?? existingClients.get(key) ?? null;
      if (clientNo !== null) matches.push({ Sheet: 'landlords', Row: r.row, Record: `${clientNo}`, By: byPinNo ? 'kra_pin' : 'phone' });
      landlords.push({ key, row: r.value, clientNo });
    }
    count('landlords', parsed.landlords.length, landlords.filter((l) => l.clientNo === null).length);

    const properties: Plan['properties'] = [];
    const propertyKeys = new Set<string>();
    for (const r of parsed.properties) {
      if (!r.value) continue;
      const key = nameKey(r.value.property_name);
      if (propertyKeys.has(key)) {
        problem('properties', r.row, 'property_name', r.raw.property_name ?? '', BOOK_IMPORT_MESSAGES.listedTwice);
        continue;
      }
      propertyKeys.add(key);
      const landlordKey = phoneKey(r.value.landlord_phone);
      if (!landlordKeys.has(landlordKey) && !existingClients.has(landlordKey)) {
        problem('properties', r.row, 'landlord_phone', r.raw.landlord_phone ?? '', BOOK_IMPORT_MESSAGES.landlordUnknown);
        continue;
      }
      const propId = existingProps.get(key) ?? null;
      if (propId !== null) matches.push({ Sheet: 'properties', Row: r.row, Record: `${propId}`, By: 'property_name' });
      properties.push({ key, row: r.value, propId, landlordKey });
    }
    count('properties', parsed.properties.length, properties.filter((p) => p.propId === null).length);
    const knownProperty = (name: string) => propertyKeys.has(nameKey(name)) || existingProps.has(nameKey(name));
    const charged = new Set([...serviceCharges.keys(), ...properties.filter((x) => x.row.service_charge > 0).map((x) => x.key)]);

    const houses: Plan['houses'] = [];
    const houseKeys = new Map<string, BookRow<'houses'>>();
    for (const r of parsed.houses) {
      if (!r.value) continue;
      const key = houseKey(r.value.property_name, r.value.house_number);
      if (houseKeys.has(key)) {
        problem('houses', r.row, 'house_number', r.raw.house_number ?? '', BOOK_IMPORT_MESSAGES.listedTwice);
        continue;
      }
      if (!knownProperty(r.value.property_name)) {
        problem('houses', r.row, 'property_name', r.raw.property_name ?? '', BOOK_IMPORT_MESSAGES.propertyUnknown);
        continue;
      }
      if (r.value.rent <= 0) {
        problem('houses', r.row, 'rent', r.raw.rent ?? '', ANSWER_MESSAGES.rentAboveZero);
        continue;
      }
      houseKeys.set(key, r.value);
      const houseId = existingHouses.get(key)?.houseId ?? null;
      if (houseId !== null) matches.push({ Sheet: 'houses', Row: r.row, Record: `${houseId}`, By: 'house_number' });
      houses.push({ key, row: r.value, houseId, propertyKey: nameKey(r.value.property_name) });
    }
    count('houses', parsed.houses.length, houses.filter((h) => h.houseId === null).length);
    const knownHouse = (property: string, house: string) => houseKeys.has(houseKey(property, house)) || existingHouses.has(houseKey(property, house));

    const tenants: Plan['tenants'] = [];
    const tenantKeys = new Map<string, BookRow<'tenants'>>();
    for (const r of parsed.tenants) {
      if (!r.value) continue;
      const key = phoneKey(r.value.phone);
      if (tenantKeys.has(key)) {
        problem('tenants', r.row, 'phone', r.raw.phone ?? '', BOOK_IMPORT_MESSAGES.listedTwice);
        continue;
      }
      tenantKeys.set(key, r.value);
      const clientNo = existingClients.get(key) ?? null;
      if (clientNo !== null) matches.push({ Sheet: 'tenants', Row: r.row, Record: `${clientNo}`, By: 'phone' });
      tenants.push({ key, row: r.value, clientNo });
    }
    count('tenants', parsed.tenants.length, tenants.filter((t) => t.clientNo === null).length);

    const tenancies: Plan['tenancies'] = [];
    const letHouses = new Set<string>();
    for (const r of parsed.tenancies) {
      if (!r.value) continue;
      const v = r.value;
      const hk = houseKey(v.property_name, v.house_number);
      const tk = phoneKey(v.tenant_phone);
      if (!knownProperty(v.property_name)) {
        problem('tenancies', r.row, 'property_name', r.raw.property_name ?? '', BOOK_IMPORT_MESSAGES.propertyUnknown);
        continue;
      }
      if (!knownHouse(v.property_name, v.house_number)) {
        problem('tenancies', r.row, 'house_number', r.raw.house_number ?? '', BOOK_IMPORT_MESSAGES.houseUnknown);
        continue;
      }
      if (!tenantKeys.has(tk) && !existingClients.has(tk)) {
        problem('tenancies', r.row, 'tenant_phone', r.raw.tenant_phone ?? '', BOOK_IMPORT_MESSAGES.tenantUnknown);
        continue;
      }
      if (letHouses.has(hk)) {
        problem('tenancies', r.row, 'house_number', r.raw.house_number ?? '', BOOK_IMPORT_MESSAGES.listedTwice);
        continue;
      }
      letHouses.add(hk);
      const existing = existingHouses.get(hk);
      const tenantNo = existingClients.get(tk);
      let tenancyId: number | null = null;
      if (existing?.tenancyId) {
        // The same tenant in the same house is this tenancy, imported before; anyone else means the house is let.
        if (tenantNo === undefined || existing.clientNo !== tenantNo) {
          problem('tenancies', r.row, 'house_number', r.raw.house_number ?? '', TENANCY_MESSAGES.houseOccupied);
          continue;
        }
        tenancyId = existing.tenancyId;
        matches.push({ Sheet: 'tenancies', Row: r.row, Record: `${tenancyId}`, By: 'house_number' });
      }
      if (v.service_charge_arrears > 0 && !charged.has(nameKey(v.property_name))) {
        problem('tenancies', r.row, 'service_charge_arrears', r.raw.service_charge_arrears ?? '', BOOK_IMPORT_MESSAGES.noServiceCharge);
        continue;
      }
      const arrears = v.rent_arrears + v.service_charge_arrears + v.water_arrears + v.other_arrears;
      if (v.rent_arrears > 0 && v.credit_held > 0) {
        problem('tenancies', r.row, 'credit_held', r.raw.credit_held ?? '', BOOK_IMPORT_MESSAGES.rentAndCredit);
        continue;
      }
      if (arrears + v.deposit_held + v.credit_held > 0 && goLive === null) {
        problem('tenancies', r.row, 'rent_arrears', r.raw.rent_arrears ?? '', BOOK_IMPORT_MESSAGES.noGoLive);
        continue;
      }
      if (tenancyId === null && goLive !== null && v.start_date.slice(0, 7) >= goLive.slice(0, 7)) {
        problem('tenancies', r.row, 'start_date', r.raw.start_date ?? '', BOOK_IMPORT_MESSAGES.startAfterGoLive);
        continue;
      }
      const house = houseKeys.get(hk);
      const rentCents = v.rent || house?.rent || existing?.rentCents || 0;
      if (rentCents <= 0) {
        problem('tenancies', r.row, 'rent', r.raw.rent ?? '', ANSWER_MESSAGES.rentAboveZero);
        continue;
      }
      const idNumber = tenantKeys.get(tk)?.id_number ?? (tenantNo ? existingIdNumbers.get(tenantNo) : null) ?? '';
      if (idNumber === '' && tenancyId === null) {
        problem('tenancies', r.row, 'tenant_phone', r.raw.tenant_phone ?? '', 'Id is required');
        continue;
      }
      tenancies.push({
        key: hk,
        row: v,
        tenancyId,
        standing: (existing?.standing ?? 0) > 0,
        houseKey: hk,
        tenantKey: tk,
        rentCents,
        depositCents: v.deposit || house?.deposit || 0,
      });
    }
    count('tenancies', parsed.tenancies.length, tenancies.filter((t) => t.tenancyId === null).length);

    const meters: Plan['meters'] = [];
    const meterKeys = new Set<string>();
    for (const r of parsed.meters) {
      if (!r.value) continue;
      const hk = houseKey(r.value.property_name, r.value.house_number);
      if (!knownHouse(r.value.property_name, r.value.house_number)) {
        problem('meters', r.row, 'house_number', r.raw.house_number ?? '', BOOK_IMPORT_MESSAGES.houseUnknown);
        continue;
      }
      if (meterKeys.has(hk)) {
        problem('meters', r.row, 'house_number', r.raw.house_number ?? '', BOOK_IMPORT_MESSAGES.listedTwice);
        continue;
      }
      if (goLive === null) {
        problem('meters', r.row, 'last_reading', r.raw.last_reading ?? '', BOOK_IMPORT_MESSAGES.noGoLive);
        continue;
      }
      meterKeys.add(hk);
      meters.push({ row: r.value, houseKey: hk });
    }
    count('meters', parsed.meters.length, 0);

    // Agreements: one per property and day, as the agreement form keeps them; one standing for that day is this row, imported before.
    const agreements: Plan['agreements'] = [];
    const agreementKeys = new Set<string>();
    const standingDays = await repo.agreementDays(tx, agentId, propIdsKnown);
    for (const r of parsed.agreements) {
      if (!r.value) continue;
      const key = nameKey(r.value.property_name);
      if (!knownProperty(r.value.property_name)) {
        problem('agreements', r.row, 'property_name', r.raw.property_name ?? '', BOOK_IMPORT_MESSAGES.propertyUnknown);
        continue;
      }
      const dayKey = `${key}\u001f${r.value.EffectiveFrom}`;
      if (agreementKeys.has(dayKey)) {
        problem('agreements', r.row, 'effective_from', r.raw.effective_from ?? '', BOOK_IMPORT_MESSAGES.listedTwice);
        continue;
      }
      agreementKeys.add(dayKey);
      const propId = existingProps.get(key);
      if (propId !== undefined && standingDays.has(`${propId}:${r.value.EffectiveFrom}`)) {
        matches.push({ Sheet: 'agreements', Row: r.row, Record: `${propId}`, By: 'effective_from' });
        continue;
      }
      agreements.push({ row: r.value, propertyKey: key });
    }
    count('agreements', parsed.agreements.length, agreements.length);
    if (landlords.some((l) => l.row.balance_owed > 0) && goLive === null) {
      const r = parsed.landlords.find((l) => (l.value?.balance_owed ?? 0) > 0)!;
      problem('landlords', r.row, 'balance_owed', r.raw.balance_owed ?? '', BOOK_IMPORT_MESSAGES.noGoLive);
    }

    const landlordsEntered = await landlordsForOpening(tx, agentId, landlords.flatMap((l) => (l.clientNo !== null && l.row.balance_owed > 0 ? [l.clientNo] : [])));
    const readHouses = goLive
      ? await repo.housesRead(tx, agentId, meters.flatMap((m) => existingHouses.get(m.houseKey)?.houseId ?? []), previousMonth(goLive))
      : new Set<number>();
    problems.sort((a, b) => BOOK_SHEETS.indexOf(a.Sheet) - BOOK_SHEETS.indexOf(b.Sheet) || a.Row - b.Row);
    return {
      problems,
      matches,
      counts,
      unmapped: sheets.filter((s) => s.unmapped.length > 0).map((s) => ({ Sheet: s.sheet, Headers: s.unmapped })),
      landlords,
      properties,
      houses,
      tenants,
      tenancies,
      meters,
      agreements,
      serviceCharges,
      existingClients,
      existingIdNumbers,
      existingProps,
      existingHouses,
      landlordsEntered: new Set(landlordsEntered.filter((l) => l.standingTxnId !== null).map((l) => l.landlordNo)),
      metersRead: readHouses,
      goLive,
    };
  }

  const hasBalance = (t: BookRow<'tenancies'>) => t.rent_arrears + t.service_charge_arrears + t.water_arrears + t.other_arrears + t.deposit_held + t.credit_held > 0;

  function balancesOf(p: Plan) {
    const tenancies = p.tenancies.filter((t) => hasBalance(t.row) && !t.standing);
    const landlords = p.landlords.filter((l) => l.row.balance_owed > 0 && !(l.clientNo !== null && p.landlordsEntered.has(l.clientNo)));
    const meters = p.meters.filter((m) => {
      const house = p.existingHouses.get(m.houseKey);
      return !(house && p.metersRead.has(house.houseId));
    });
    const already =
      p.tenancies.filter((t) => hasBalance(t.row) && t.standing).length +
      (p.landlords.filter((l) => l.row.balance_owed > 0).length - landlords.length) +
      (p.meters.length - meters.length);
    return { tenancies, landlords, meters, already };
  }

  async function sheetsOf(agentId: number, file: Buffer, name: string | undefined, sheet: BookSheet | undefined) {
    report(agentId, { Stage: 'reading', Done: 0, Total: 0 });
    const raw = await readBook(file, name);
    const saved = new Map((await repo.mappings(db, agentId)).map((m) => [m.sheet, m.columns]));
    const sheets = mapSheets(raw, saved, sheet);
    if (sheets.every((s) => s.rows.length === 0)) throw new Invalid(BOOK_IMPORT_MESSAGES.nothingToImport);
    return sheets;
  }

  /** One import per agency at a time: a second waits its turn by being refused, as the screen polls the first's progress. */
  const running = new Set<number>();
  async function exclusive<T>(agentId: number, work: () => Promise<T>): Promise<T> {
    if (running.has(agentId)) throw new Conflict(BOOK_IMPORT_MESSAGES.busy);
    running.add(agentId);
    try {
      return await work();
    } catch (error) {
      report(agentId, { Stage: 'idle', Done: 0, Total: 0 });
      throw error;
    } finally {
      running.delete(agentId);
    }
  }

  return {
    template(lang: Language) {
      return templateWorkbook(lang);
    },

    progress(agentId: number): BookProgress {
      return progress.get(agentId) ?? { Stage: 'idle', Done: 0, Total: 0 };
    },

    async mappings(agentId: number) {
      return (await repo.mappings(db, agentId)).map((m) => ({ Sheet: m.sheet as BookSheet, Columns: m.columns }));
    },

    async saveMapping(agentId: number, caller: Caller, sheet: BookSheet, columns: Record<string, string>) {
      const known = new Set<string>(BOOK_COLUMNS[sheet]);
      const kept = Object.fromEntries(Object.entries(columns).filter(([column, header]) => known.has(column) && header.trim() !== ''));
      await repo.saveMapping(db, { agentId, sheet, columns: kept, at: clock.now(), by: caller.userNo });
      return { message: BOOK_IMPORT_MESSAGES.mappingSaved };
    },

    async preview(agentId: number, file: Buffer, name?: string, sheet?: BookSheet): Promise<BookPreview> {
      return exclusive(agentId, async () => {
        const sheets = await sheetsOf(agentId, file, name, sheet);
        const p = await plan(db, agentId, sheets);
        const b = balancesOf(p);
        report(agentId, { Stage: 'done', Done: 1, Total: 1 });
        return {
          Sheets: p.counts.filter((c) => c.rows > 0).map((c) => ({ Sheet: c.sheet, Rows: c.rows, Create: c.create, Match: c.match })),
          Problems: p.problems.slice(0, BOOK_IMPORT_MAX_PROBLEMS),
          ProblemCount: p.problems.length,
          Matches: p.matches.slice(0, BOOK_IMPORT_MAX_PROBLEMS),
          Balances: { Tenancies: b.tenancies.length, Landlords: b.landlords.length, Meters: b.meters.length, AlreadyEntered: b.already },
          Unmapped: p.unmapped,
        };
      });
    },

    /** All rows or none: the plan is made again inside the transaction (never the browser's, nor a preview's that may be stale), then written. */
    async confirm(agentId: number, caller: Caller, file: Buffer, name?: string, sheet?: BookSheet): Promise<BookImported> {
      return exclusive(agentId, async () => {
        const sheets = await sheetsOf(agentId, file, name, sheet);
        const result = await db.transaction(async (tx) => {
          // The go-live row taken first: two imports, or an import and a change of go-live, follow each other.
          await lockGoLive(tx, agentId, clock.now(), caller.userNo);
          const p = await plan(tx, agentId, sheets);
          if (p.problems.length > 0) throw new Invalid(BOOK_IMPORT_MESSAGES.hasProblems);
          report(agentId, { Stage: 'writing', Done: 0, Total: 5 });
          return write(tx, agentId, caller, p);
        });
        // PGlite has no autovacuum: without this the next import's trigger checks are planned on the counts before this one (three times slower at 5,000 tenancies).
        await statistics.afterBulkWrite(BOOK_TABLES, Object.values(result.Created).reduce((n, c) => n + c, 0));
        report(agentId, { Stage: 'done', Done: 1, Total: 1 });
        return result;
      });
    },
  };

  async function write(tx: Tx, agentId: number, caller: Caller, p: Plan): Promise<BookImported> {
    const now = clock.now();
    // Each batch's statistics refreshed before the next batch's checks read its table. On an agency's first import
    // the tables' statistics are an empty agency's: the per-row ownership triggers and foreign keys then scan 5,000
    // new clients or houses for each row (PGlite has no autovacuum to notice in between; 43 s of a first import).
    const fresh = (tables: readonly string[], written: number) => (written > 0 ? repo.analyseWritten(tx, tables, written) : Promise.resolve([]));
    const step = (done: number) => report(agentId, { Stage: 'writing', Done: done, Total: 5 });
    const clientOf = new Map(p.existingClients);

    const newLandlords = p.landlords.filter((l) => l.clientNo === null);
    const landlordNos = await repo.insertClients(
      tx,
      agentId,
      newLandlords.map((l) => ({ key: l.key, firstName: l.row.first_name, lastName: l.row.last_name, email: l.row.email, phone: l.row.phone, idNumber: l.row.id_number || null })),
    );
    for (const l of p.landlords) clientOf.set(l.key, l.clientNo ?? landlordNos.get(l.key)!);
    await repo.insertKraPins(
      tx,
      agentId,
      now,
      p.landlords.flatMap((l) => (l.row.kra_pin ? [{ clientNo: clientOf.get(l.key)!, pin: l.row.kra_pin }] : [])),
    );
    await fresh(['clients', 'landlord_tax_details'], newLandlords.length);
    step(1);

    const newProperties = p.properties.filter((x) => x.propId === null);
    const propIds = await repo.insertProperties(
      tx,
      agentId,
      newProperties.map((x) => ({
        key: x.key,
        landlordNo: clientOf.get(x.landlordKey)!,
        name: x.row.property_name,
        units: x.row.rental_units,
        county: x.row.county,
        town: x.row.town,
        area: x.row.area_estate,
      })),
    );
    const propOf = new Map(p.existingProps);
    for (const [k, v] of propIds) propOf.set(k, v);
    // A property's service charge starts at go-live, as the run's other charges do; one already on Makazi is kept.
    const chargeMonth = p.goLive ? `${p.goLive.slice(0, 7)}-01` : `${now.toISOString().slice(0, 7)}-01`;
    const addedCharges = await repo.insertServiceCharges(
      tx,
      agentId,
      caller.userNo,
      now,
      p.properties
        .filter((x) => x.row.service_charge > 0 && !p.serviceCharges.has(x.key))
        .map((x) => ({ propId: propOf.get(x.key)!, name: en.bookImport.columns.service_charge, amountCents: x.row.service_charge, fromMonth: chargeMonth })),
    );
    const chargeOf = new Map(p.serviceCharges);
    for (const [k, id] of propOf) if (addedCharges.has(id)) chargeOf.set(k, addedCharges.get(id)!);
    await repo.insertAgreements(
      tx,
      agentId,
      caller.userNo,
      now,
      p.agreements.map((a) => ({
        propId: propOf.get(a.propertyKey)!,
        effectiveFrom: a.row.EffectiveFrom,
        commissionBp: a.row.CommissionPercent,
        fixedFeeCents: a.row.FixedFee ?? 0,
        payoutMethod: a.row.PayoutMethod,
        payoutBank: a.row.PayoutBank,
        payoutAccount: a.row.PayoutAccount,
        payoutPhone: a.row.PayoutPhone,
        remittanceDay: a.row.RemittanceDay,
      })),
    );
    await fresh(['properties'], propIds.size);
    step(2);

    const letKeys = new Set(p.tenancies.filter((t) => t.tenancyId === null).map((t) => t.houseKey));
    const houseIds = await repo.insertHouses(
      tx,
      agentId,
      p.houses
        .filter((h) => h.houseId === null)
        .map((h) => ({
          key: h.key,
          propId: propOf.get(h.propertyKey)!,
          number: h.row.house_number,
          description: h.row.description,
          rentCents: h.row.rent,
          depositCents: h.row.deposit,
          occupied: letKeys.has(h.key),
        })),
    );
    const houseOf = new Map([...p.existingHouses].map(([k, v]) => [k, v.houseId]));
    for (const [k, v] of houseIds) houseOf.set(k, v);
    await repo.markOccupied(tx, agentId, [...letKeys].flatMap((k) => p.existingHouses.get(k)?.houseId ?? []), now);
    await fresh(['houses'], houseIds.size);
    step(3);

    const newTenants = p.tenants.filter((t) => t.clientNo === null);
    const tenantNos = await repo.insertClients(
      tx,
      agentId,
      newTenants.map((t) => ({
        key: t.key,
        firstName: t.row.first_name,
        lastName: t.row.last_name,
        email: t.row.email,
        phone: t.row.phone,
        idNumber: t.row.id_number,
        kraPin: t.row.kra_pin || null,
      })),
    );
    for (const [k, v] of tenantNos) clientOf.set(k, v);
    await fresh(['clients'], tenantNos.size);
    const tenantIds = new Map(p.tenants.map((t) => [t.key, t.row.id_number]));
    const newTenancies = p.tenancies.filter((t) => t.tenancyId === null);
    const tenancyIds = await repo.insertTenancies(
      tx,
      agentId,
      caller.userNo,
      newTenancies.map((t) => {
        const clientNo = clientOf.get(t.tenantKey)!;
        return {
          key: t.key,
          houseId: houseOf.get(t.houseKey)!,
          clientNo,
          startDate: startOf(t.row.start_date),
          firstMonth: `${t.row.start_date.slice(0, 7)}-01`,
          rentCents: t.rentCents,
          depositCents: t.depositCents,
          idNumber: tenantIds.get(t.tenantKey) ?? p.existingIdNumbers.get(clientNo) ?? '',
          employer: t.row.employer,
          business: t.row.business,
          kinName: t.row.next_of_kin_name,
          kinPhone: t.row.next_of_kin_phone,
        };
      }),
    );
    await fresh(['tenancies', 'tenancy_balances'], tenancyIds.size);
    step(4);

    const b = balancesOf(p);
    report(agentId, { Stage: 'balances', Done: 0, Total: 3 });
    if (b.tenancies.length > 0) {
      await openingBalances.enterTenancies(
        agentId,
        caller,
        b.tenancies.map((t) => ({
          TenancyId: t.tenancyId ?? tenancyIds.get(t.key)!,
          RentArrears: t.row.rent_arrears,
          ChargeArrears: t.row.service_charge_arrears > 0 ? [{ ChargeId: chargeOf.get(nameKey(t.row.property_name))!, Amount: t.row.service_charge_arrears }] : [],
          WaterArrears: t.row.water_arrears,
          OtherArrears: t.row.other_arrears,
          DepositHeld: t.row.deposit_held,
          CreditHeld: t.row.credit_held,
        })),
        tx,
        {
          afterTransactions: () => fresh(['journal_transactions'], b.tenancies.length),
          afterLines: () => fresh(ENTRY_TABLES, b.tenancies.length),
        },
      );
    }
    report(agentId, { Stage: 'balances', Done: 1, Total: 3 });
    if (b.landlords.length > 0) {
      await openingBalances.enterLandlords(
        agentId,
        caller,
        b.landlords.map((l) => ({ LandlordNo: clientOf.get(l.key)!, Amount: l.row.balance_owed })),
        tx,
      );
    }
    report(agentId, { Stage: 'balances', Done: 2, Total: 3 });
    if (b.meters.length > 0) {
      await openingBalances.enterMeters(
        agentId,
        caller,
        b.meters.map((m) => ({ HouseId: houseOf.get(m.houseKey)!, Reading: m.row.last_reading })),
        tx,
      );
    }
    return {
      message: BOOK_IMPORT_MESSAGES.imported,
      Created: {
        Landlords: newLandlords.length,
        Properties: newProperties.length,
        Houses: houseIds.size,
        Tenants: newTenants.length,
        Tenancies: newTenancies.length,
      },
      Balances: { Tenancies: b.tenancies.length, Landlords: b.landlords.length, Meters: b.meters.length },
    };
  }
}

/** '2027-01-01' → '2026-12-01'. */
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 2, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export type BookImportService = ReturnType<typeof bookImportService>;
