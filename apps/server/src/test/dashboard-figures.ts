import {
  ARREARS_AGES,
  MOST_IN_ARREARS_LIMIT,
  accountingDate,
  accountingMonth,
  arrearsAgeOf,
  centsToAmount,
  monthLapse,
  type DashboardMoney,
} from '@makazi/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { clients, houses, invoicingSettings, journalLines, journalTransactions, properties, tenancies } from '../db/schema';

/**
 * For tests: the dashboard's money figures worked out again in plain
 * TypeScript from the journal lines and the tenancy rows, with nothing of the
 * repository's SQL — a fold over what was posted, to hold the SQL against.
 */
export async function figuresFromJournal(db: Db, agentId: number, now: Date): Promise<DashboardMoney> {
  const lines = await db
    .select({
      txnId: journalTransactions.txnId,
      kind: journalTransactions.kind,
      tenancyId: journalTransactions.tenancyId,
      postedAt: journalTransactions.postedAt,
      chargeMonth: journalTransactions.chargeMonth,
      reverses: journalTransactions.reversesTxnId,
      account: journalLines.account,
      subAccount: journalLines.subAccount,
      debit: journalLines.debitCents,
      credit: journalLines.creditCents,
    })
    .from(journalLines)
    .innerJoin(journalTransactions, eq(journalTransactions.txnId, journalLines.txnId))
    .where(eq(journalTransactions.agentId, agentId));
  const rows = await db
    .select({
      tenancyId: tenancies.tenancyId,
      houseId: tenancies.houseId,
      startDate: tenancies.startDate,
      endedAt: tenancies.endedAt,
      rent: tenancies.rentCents,
      tenant: clients.fullName,
      house: houses.houseNumber,
      propId: houses.propId,
      property: properties.propertyName,
    })
    .from(tenancies)
    .innerJoin(clients, eq(clients.clientNo, tenancies.clientNo))
    .innerJoin(houses, eq(houses.houseId, tenancies.houseId))
    .innerJoin(properties, eq(properties.propId, houses.propId))
    .where(eq(tenancies.agentId, agentId));
  const props = await db
    .select({ propId: properties.propId, name: properties.propertyName, houseId: houses.houseId })
    .from(properties)
    .leftJoin(houses, eq(houses.propId, properties.propId))
    .where(eq(properties.agentId, agentId));

  const month = accountingMonth(now);
  const today = accountingDate(now);
  const reversed = new Set(lines.filter((l) => l.reverses !== null).map((l) => l.reverses));
  const standing = (l: (typeof lines)[number]) => l.kind !== 'reversal' && !reversed.has(l.txnId);
  const rentLines = lines.filter((l) => l.account === 'tenant' && l.subAccount === 'rent');
  const depositLines = lines.filter((l) => l.account === 'tenant' && l.subAccount === 'deposit');
  const otherLines = lines.filter((l) => l.account === 'tenant' && l.subAccount !== 'rent' && l.subAccount !== 'deposit');

  let charged = 0;
  let collected = 0;
  const collectedBy = new Map<number | null, { dueNow: number; dueBefore: number; receivedNow: number; creditedBefore: number }>();
  for (const l of rentLines.filter((r) => standing(r) && accountingMonth(r.postedAt) <= month)) {
    const t = collectedBy.get(l.tenancyId) ?? { dueNow: 0, dueBefore: 0, receivedNow: 0, creditedBefore: 0 };
    if (l.kind === 'rent_charge' && l.chargeMonth === month) t.dueNow += l.debit;
    if ((l.chargeMonth ?? accountingMonth(l.postedAt)) < month) t.dueBefore += l.debit;
    if (l.kind === 'receipt' && accountingMonth(l.postedAt) === month) t.receivedNow += l.credit;
    else t.creditedBefore += l.credit;
    collectedBy.set(l.tenancyId, t);
  }
  for (const t of collectedBy.values()) {
    const arrears = Math.max(t.dueBefore - t.creditedBefore, 0);
    const advance = Math.max(t.creditedBefore - t.dueBefore, 0);
    charged += t.dueNow;
    collected += Math.min(Math.max(t.dueNow - advance, 0), Math.max(t.receivedNow - arrears, 0));
  }

  const bands = new Map(ARREARS_AGES.map((b) => [b.key, { cents: 0, tenancies: new Set<number>() }]));
  const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  for (const t of rows) {
    const mine = rentLines.filter((l) => l.tenancyId === t.tenancyId && standing(l));
    let credits = mine.reduce((sum, l) => sum + l.credit, 0);
    const start = accountingDate(t.startDate);
    const charges = mine
      .filter((l) => l.debit > 0)
      .map((l) => ({
        ...l,
        due: l.chargeMonth ? (l.chargeMonth > start ? l.chargeMonth : start) : accountingDate(l.postedAt),
      }))
      .sort((a, b) => (a.due === b.due ? a.txnId - b.txnId : a.due < b.due ? -1 : 1));
    for (const c of charges) {
      const paid = Math.min(c.debit, credits);
      credits -= paid;
      if (c.debit > paid) {
        const band = bands.get(arrearsAgeOf(days(c.due, today)))!;
        band.cents += c.debit - paid;
        band.tenancies.add(t.tenancyId);
      }
    }
  }

  const owed = rows
    .map((t) => {
      const sum = (ls: typeof lines) =>
        ls.filter((l) => l.tenancyId === t.tenancyId).reduce((s, l) => s + l.debit - l.credit, 0);
      return { ...t, rentArrears: sum(rentLines), depositDue: sum(depositLines), chargesDue: sum(otherLines) };
    })
    // Ranked by all that is owed beyond the deposit; rent and the other charges shown apart.
    .filter((t) => t.rentArrears + t.chargesDue > 0)
    .sort((a, b) => b.rentArrears + b.chargesDue - (a.rentArrears + a.chargesDue) || a.tenancyId - b.tenancyId)
    .slice(0, MOST_IN_ARREARS_LIMIT);

  // Occupied: a house with a tenancy not ended, read from the tenancies rather than the house's flag.
  const occupiedHouses = new Set(rows.filter((t) => t.endedAt === null).map((t) => t.houseId));
  const occupancy = new Map<
    number,
    { PropId: number; Property_name: string; occupied: number; total: number }
  >();
  for (const p of props) {
    const entry = occupancy.get(p.propId) ?? {
      PropId: p.propId,
      Property_name: p.name,
      occupied: 0,
      total: 0,
    };
    if (p.houseId !== null) entry.total += 1;
    if (p.houseId !== null && occupiedHouses.has(p.houseId)) entry.occupied += 1;
    occupancy.set(p.propId, entry);
  }

  const [settings] = await db.select({ goLive: invoicingSettings.goLiveMonth }).from(invoicingSettings).where(eq(invoicingSettings.agentId, agentId));
  return {
    month,
    asOf: today,
    goLiveMonth: settings?.goLive ?? null,
    collection: { charged: centsToAmount(charged), collected: centsToAmount(collected) },
    arrearsByAge: ARREARS_AGES.map((b) => ({
      key: b.key,
      amount: centsToAmount(bands.get(b.key)!.cents),
      tenancies: bands.get(b.key)!.tenancies.size,
    })),
    mostInArrears: owed.map((t) => ({
      TenancyId: t.tenancyId,
      Tenant_name: t.tenant,
      Property_name: t.property,
      House_number: t.house,
      RentArrears: centsToAmount(Math.max(t.rentArrears, 0)),
      ChargesDue: centsToAmount(t.chargesDue),
      MonthLapse: monthLapse(t.rentArrears, t.rent),
      DepositDue: centsToAmount(t.depositDue),
      Ended: t.endedAt !== null,
    })),
    occupancy: [...occupancy.values()].sort((a, b) => a.PropId - b.PropId),
  };
}
