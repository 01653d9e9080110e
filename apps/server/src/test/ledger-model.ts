import { depositSettlement, monthLabel, monthLapse, monthsFrom, rentArrears } from '@makazi/domain';

/**
 * A small pure model of what the ledger must hold: per tenancy its two
 * sub-accounts, the deposit held and the statement lines, per agency the runs
 * made. The property test applies each command to it and to the API, then
 * compares. Amounts are cents.
 */
export interface ModelLine {
  kind: 'deposit_charge' | 'rent_charge' | 'receipt' | 'reversal' | 'deposit_applied';
  details: string;
  debit: number;
  credit: number;
  /** Filled from the API's statement once compared: lets a later command reverse this line. */
  txnId?: number;
  receiptNo?: string | null;
  /** What reversing it undoes. */
  sub: 'rent' | 'deposit';
  held: number;
  reversed?: boolean;
}

export interface ModelTenancy {
  id: number;
  house: number;
  rent: number;
  deposit: number;
  firstMonth: string;
  ended: boolean;
  rentSub: number;
  depositSub: number;
  held: number;
  charged: Set<string>;
  lines: ModelLine[];
}

export interface Receipt {
  key: string;
  tenancyId: number;
  amount: number;
  ledger: 'Rent' | 'Deposit';
  txnId: number;
  receiptNo: string;
}

export class LedgerModel {
  tenancies: ModelTenancy[] = [];
  runs = new Set<string>();
  receipts = new Map<string, Receipt>();
  receiptCount = 0;
  constructor(public month: string) {}

  houseFree(house: number) {
    return !this.tenancies.some((t) => t.house === house && !t.ended);
  }

  book(id: number, house: number, rent: number, deposit: number) {
    const t: ModelTenancy = { id, house, rent, deposit, firstMonth: this.month, ended: false, rentSub: 0, depositSub: 0, held: 0, charged: new Set(), lines: [] };
    this.tenancies.push(t);
    if (deposit > 0) this.post(t, { kind: 'deposit_charge', details: 'Deposit', debit: deposit, credit: 0, sub: 'deposit', held: 0 });
    this.chargeRent(t, this.month);
  }

  private chargeRent(t: ModelTenancy, month: string) {
    t.charged.add(month);
    this.post(t, { kind: 'rent_charge', details: `Rent for ${monthLabel(month)}`, debit: t.rent, credit: 0, sub: 'rent', held: 0 });
  }

  private post(t: ModelTenancy, line: ModelLine) {
    const net = line.debit - line.credit;
    if (line.sub === 'rent') t.rentSub += net;
    else t.depositSub += net;
    t.held += line.held;
    t.lines.push(line);
  }

  /** A receipt: 'posted' for a new one, 'repeat' for a retry of the same key, 'conflict' for a key reused with other details. */
  receive(key: string, t: ModelTenancy, amount: number, ledger: 'Rent' | 'Deposit'): 'posted' | 'repeat' | 'conflict' {
    const earlier = this.receipts.get(key);
    if (earlier) return earlier.tenancyId === t.id && earlier.amount === amount ? 'repeat' : 'conflict';
    const sub = ledger === 'Deposit' ? 'deposit' : 'rent';
    this.post(t, { kind: 'receipt', details: 'Cash at office', debit: 0, credit: amount, sub, held: ledger === 'Deposit' ? amount : 0 });
    this.receiptCount += 1;
    return 'posted';
  }

  /** The monthly run: 'conflict' when the month's run exists; otherwise every due month of every active tenancy. */
  run(): 'conflict' | { charged: number; amount: number } {
    if (this.runs.has(this.month)) return 'conflict';
    this.runs.add(this.month);
    let amount = 0;
    const charged = new Set<number>();
    for (const t of this.tenancies.filter((x) => !x.ended)) {
      for (const m of monthsFrom(t.firstMonth, this.month)) {
        if (t.charged.has(m)) continue;
        this.chargeRent(t, m);
        amount += t.rent;
        charged.add(t.id);
      }
    }
    // The API posts a run's charges month by month, tenancy by tenancy; each statement sees its own in month order.
    return { charged: charged.size, amount };
  }

  terminate(t: ModelTenancy, applyDeposit: boolean, refundShare: number): 'conflict' | { applied: number; refunded: number } {
    if (t.ended) return 'conflict';
    t.ended = true;
    let applied = 0;
    if (applyDeposit) {
      applied = depositSettlement(this.money(t)).apply;
      if (applied > 0) this.post(t, { kind: 'deposit_applied', details: 'Deposit applied to arrears', debit: 0, credit: applied, sub: 'rent', held: -applied });
    }
    const refunded = Math.floor((Math.max(t.held, 0) * refundShare) / 100);
    t.held -= refunded;
    return { applied, refunded };
  }

  /** Reversing a line: 'conflict' once reversed or when its held deposit is gone; otherwise the mirror entry. */
  reverse(t: ModelTenancy, line: ModelLine, name: string, reason: string): 'conflict' | 'invalid' | 'posted' {
    if (!['receipt', 'rent_charge', 'deposit_charge'].includes(line.kind)) return 'invalid';
    if (line.reversed) return 'conflict';
    if (line.held > 0 && t.held < line.held) return 'conflict';
    line.reversed = true;
    this.post(t, { kind: 'reversal', details: `Reversal of ${name}: ${reason}`, debit: line.credit, credit: line.debit, sub: line.sub, held: -line.held });
    return 'posted';
  }

  money(t: ModelTenancy) {
    return { balance: t.rentSub + t.depositSub, depositDue: t.depositSub, depositHeld: t.held };
  }

  /** What the API must show for the tenancy. */
  expected(t: ModelTenancy) {
    const m = this.money(t);
    return {
      RentBalance: m.balance / 100,
      MonthLapse: monthLapse(rentArrears(m), t.rent),
      DepositDue: m.depositDue / 100,
      DepositHeld: m.depositHeld / 100,
    };
  }

  /** Listed among ended tenancies with balances: ended with money owed either way. */
  unsettled(t: ModelTenancy) {
    return t.ended && (t.rentSub + t.depositSub !== 0 || t.held !== 0);
  }
}
